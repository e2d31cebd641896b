import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  CUSTOMER_PAGE_SIZE,
  type Customer,
  type CustomerList,
  type CustomerSummary,
  type CustomerUpdateInput,
} from '#domain/schemas/customers.ts';
import { api } from '#web/lib/api-client.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { CACHE_TIMES, invalidateAfter, queryKeys } from '#web/lib/query-keys.ts';

function searchParams(search: string | undefined): URLSearchParams {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  return params;
}

/** The customer book a page at a time ("Load more"). */
export function customersQuery(slug: string, search: string | undefined) {
  return infiniteQueryOptions({
    queryKey: queryKeys.customers.list(slug, search ?? ''),
    queryFn: ({ pageParam, signal }) => {
      const params = searchParams(search);
      params.set('limit', String(CUSTOMER_PAGE_SIZE));
      params.set('offset', String(pageParam));
      return api.get<CustomerList>(`/api/v1/customers?${params}`, { signal });
    },
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.customers.length, 0);
      return loaded < last.total && last.customers.length > 0 ? loaded : undefined;
    },
    staleTime: CACHE_TIMES.customers,
  });
}

export function useCustomers(search: string | undefined) {
  return useInfiniteQuery(customersQuery(useBusinessSlug(), search));
}

export function customerSummaryQuery(slug: string, search: string | undefined) {
  return queryOptions({
    queryKey: queryKeys.customers.summary(slug, search ?? ''),
    queryFn: ({ signal }) =>
      api.get<CustomerSummary>(`/api/v1/customers/summary?${searchParams(search)}`, { signal }),
    staleTime: CACHE_TIMES.customers,
  });
}

export function useCustomerSummary(search: string | undefined) {
  return useQuery(customerSummaryQuery(useBusinessSlug(), search));
}

/** A customer change refreshes the customer book and the till's picker alike. */
function useInvalidate() {
  const queryClient = useQueryClient();
  const slug = useBusinessSlug();
  return () => invalidateAfter.customerChange(queryClient, slug);
}

export function useUpdateCustomer() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: CustomerUpdateInput }) =>
      api.patch<{ customer: Customer }>(`/api/v1/customers/${id}`, input),
    onSuccess,
  });
}

export function useDeleteCustomer() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/v1/customers/${id}`),
    onSuccess,
  });
}
