import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type {
  TransactionCashiers,
  TransactionFilters,
  TransactionListResponse,
  TransactionSummary,
} from '#domain/schemas/transactions.ts';
import { api } from '#web/lib/api-client.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { CACHE_TIMES, queryKeys } from '#web/lib/query-keys.ts';
import { getBusinessSlug } from '#web/lib/tenancy.ts';

export function filterParams(filters: TransactionFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, String(value));
  return params;
}

/** The history 100 at a time, each page continuing after the last (keyset), newest first. */
export function transactionsQuery(slug: string, filters: TransactionFilters) {
  return infiniteQueryOptions({
    queryKey: queryKeys.sales.history(slug, filters),
    queryFn: ({ pageParam, signal }) => {
      const params = filterParams(filters);
      if (pageParam) params.set('cursor', pageParam);
      return api.get<TransactionListResponse>(`/api/v1/transactions?${params}`, { signal });
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    staleTime: CACHE_TIMES.transactions,
  });
}

export function useTransactions(filters: TransactionFilters) {
  return useInfiniteQuery(transactionsQuery(useBusinessSlug(), filters));
}

export function useTransactionSummary(filters: TransactionFilters) {
  const slug = useBusinessSlug();
  return useQuery(
    queryOptions({
      queryKey: queryKeys.sales.historySummary(slug, filters),
      queryFn: ({ signal }) =>
        api.get<TransactionSummary>(`/api/v1/transactions/summary?${filterParams(filters)}`, { signal }),
      staleTime: CACHE_TIMES.transactions,
    }),
  );
}

/** Everyone who has rung up a transaction, for the cashier filter. */
export function useTransactionCashiers() {
  const slug = useBusinessSlug();
  return useQuery({
    queryKey: [...queryKeys.sales.all(slug), 'cashiers'] as const,
    queryFn: ({ signal }) => api.get<TransactionCashiers>('/api/v1/transactions/cashiers', { signal }),
    staleTime: CACHE_TIMES.transactions,
  });
}

/**
 * The CSV of the filtered list: a plain download link (same origin, with the session cookie). On localhost the
 * business travels in ?business=, which the server ignores on a real subdomain.
 */
export function exportHref(filters: TransactionFilters): string {
  const params = filterParams(filters);
  const slug = getBusinessSlug();
  if (slug) params.set('business', slug);
  return `/api/v1/transactions/export.csv?${params}`;
}
