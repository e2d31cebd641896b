import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerList } from '#domain/schemas/customers.ts';
import { api } from '#web/lib/api-client.ts';

export const CUSTOMER_PICKER_LIMIT = 8;

export function customerSearchQuery(search: string) {
  const params = new URLSearchParams({ limit: String(CUSTOMER_PICKER_LIMIT) });
  if (search.trim()) params.set('search', search.trim());
  return queryOptions({
    queryKey: ['pos', 'customers', search.trim()],
    queryFn: ({ signal }) => api.get<CustomerList>(`/api/v1/customers?${params}`, { signal }),
    staleTime: 5 * 60_000, // operations §9: customers are cached 5 minutes
    placeholderData: keepPreviousData,
  });
}

export function useCustomerSearch(search: string, enabled: boolean) {
  return useQuery({ ...customerSearchQuery(search), enabled });
}
