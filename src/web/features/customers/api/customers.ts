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
  type CustomerCreateInput,
  type CustomerList,
  type CustomerSummary,
  type CustomerUpdateInput,
} from '#domain/schemas/customers.ts';
import { api } from '#web/lib/api-client.ts';

const customersKey = ['customers'] as const;
const FIVE_MINUTES = 5 * 60_000; // operations §9: customers are cached 5 minutes

function searchParams(search: string | undefined): URLSearchParams {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  return params;
}

/** The customer book a page at a time ("Load more"). */
export function customersQuery(search: string | undefined) {
  return infiniteQueryOptions({
    queryKey: [...customersKey, 'list', search ?? ''],
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
    staleTime: FIVE_MINUTES,
  });
}

export function useCustomers(search: string | undefined) {
  return useInfiniteQuery(customersQuery(search));
}

export function customerSummaryQuery(search: string | undefined) {
  return queryOptions({
    queryKey: [...customersKey, 'summary', search ?? ''],
    queryFn: ({ signal }) =>
      api.get<CustomerSummary>(`/api/v1/customers/summary?${searchParams(search)}`, { signal }),
    staleTime: FIVE_MINUTES,
  });
}

export function useCustomerSummary(search: string | undefined) {
  return useQuery(customerSummaryQuery(search));
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: customersKey });
}

export function useCreateCustomer() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: (input: CustomerCreateInput) => api.post<{ customer: Customer }>('/api/v1/customers', input),
    onSuccess,
  });
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
