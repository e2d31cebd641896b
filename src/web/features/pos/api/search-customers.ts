import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerList } from '#domain/schemas/customers.ts';
import { api } from '#web/lib/api-client.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { CACHE_TIMES, queryKeys } from '#web/lib/query-keys.ts';

export const CUSTOMER_PICKER_LIMIT = 8;

export function customerSearchQuery(slug: string, search: string) {
  const params = new URLSearchParams({ limit: String(CUSTOMER_PICKER_LIMIT) });
  if (search.trim()) params.set('search', search.trim());
  return queryOptions({
    queryKey: queryKeys.customers.search(slug, search.trim()),
    queryFn: ({ signal }) => api.get<CustomerList>(`/api/v1/customers?${params}`, { signal }),
    staleTime: CACHE_TIMES.customers,
    placeholderData: keepPreviousData,
  });
}

export function useCustomerSearch(search: string, enabled: boolean) {
  return useQuery({ ...customerSearchQuery(useBusinessSlug(), search), enabled });
}
