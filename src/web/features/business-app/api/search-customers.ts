import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerList } from '#domain/schemas/customers.ts';
import { api } from '#web/lib/api-client.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { CACHE_TIMES, queryKeys } from '#web/lib/query-keys.ts';
import { TOP_SEARCH_LIMIT } from './search-products.ts';

// Under the business's 'customers' key, so a change of customers refreshes these results too.
export function topSearchCustomersQuery(slug: string, search: string) {
  return queryOptions({
    queryKey: queryKeys.customers.topSearch(slug, search),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ search, limit: String(TOP_SEARCH_LIMIT) });
      return api.get<CustomerList>(`/api/v1/customers?${params}`, { signal });
    },
    staleTime: CACHE_TIMES.customers,
  });
}

/** Customers whose name, phone or email match (manage_customers); nothing is asked when `enabled` is false. */
export function useTopSearchCustomers(search: string, enabled: boolean) {
  const query = topSearchCustomersQuery(useBusinessSlug(), search);
  return useQuery({ ...query, enabled, placeholderData: keepPreviousData });
}
