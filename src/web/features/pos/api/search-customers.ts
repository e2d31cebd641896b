import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerList } from '#domain/schemas/customers.ts';
import { api, isApiError } from '#web/lib/api-client.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { catalogMeta, localCustomers } from '#web/lib/offline/catalog.ts';
import { isOnline } from '#web/lib/offline/status.ts';
import { CACHE_TIMES, queryKeys } from '#web/lib/query-keys.ts';

/** The till's local copy of the customers (issue 15), in the list's shape; their figures are not kept there. */
async function searchLocally(slug: string, search: string): Promise<CustomerList | null> {
  if (!(await catalogMeta(slug).then(Boolean, () => false))) return null;
  const rows = await localCustomers(slug, search, CUSTOMER_PICKER_LIMIT);
  return {
    total: rows.length,
    customers: rows.map((row) => ({
      id: row.id,
      name: row.name,
      phone: row.phone,
      email: row.email,
      loyalty_points: 0,
      total_spent: 0,
      visit_count: 0,
      last_visit: null,
      created_at: '',
      updated_at: '',
    })),
  };
}

export const CUSTOMER_PICKER_LIMIT = 8;

export function customerSearchQuery(slug: string, search: string) {
  const params = new URLSearchParams({ limit: String(CUSTOMER_PICKER_LIMIT) });
  if (search.trim()) params.set('search', search.trim());
  return queryOptions({
    queryKey: queryKeys.customers.search(slug, search.trim()),
    queryFn: async ({ signal }) => {
      // Offline the till finds customers in its local copy; online the server searches (and counts visits).
      if (!isOnline()) {
        const local = await searchLocally(slug, search);
        if (local) return local;
      }
      try {
        return await api.get<CustomerList>(`/api/v1/customers?${params}`, { signal });
      } catch (error) {
        const local = isApiError(error) && error.status === 0 ? await searchLocally(slug, search) : null;
        if (local) return local;
        throw error;
      }
    },
    networkMode: 'always',
    staleTime: CACHE_TIMES.customers,
    placeholderData: keepPreviousData,
  });
}

export function useCustomerSearch(search: string, enabled: boolean) {
  return useQuery({ ...customerSearchQuery(useBusinessSlug(), search), enabled });
}
