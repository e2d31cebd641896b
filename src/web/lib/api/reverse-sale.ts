import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HistorySale, RefundInput, RefundResponse, VoidInput } from '#domain/schemas/transactions.ts';
import { api } from '#web/lib/api-client.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { CACHE_TIMES, invalidateAfter, queryKeys } from '#web/lib/query-keys.ts';

// Refunds and voids, from the transaction history and from the till alike (operations §4).

/** One transaction with what has been refunded of it (the till's refund reads it; so do the details). */
export function useTransaction(id: string | null) {
  const slug = useBusinessSlug();
  return useQuery({
    queryKey: queryKeys.sales.transaction(slug, id ?? ''),
    queryFn: ({ signal }) =>
      api
        .get<{ transaction: HistorySale }>(`/api/v1/transactions/${encodeURIComponent(id ?? '')}`, { signal })
        .then((body) => body.transaction),
    enabled: id !== null,
    staleTime: CACHE_TIMES.transactions,
  });
}

function useInvalidateReversal() {
  const queryClient = useQueryClient();
  const slug = useBusinessSlug();
  return () => invalidateAfter.saleReversed(queryClient, slug);
}

export function useRefund() {
  const onSettled = useInvalidateReversal();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: RefundInput }) =>
      api.post<RefundResponse>(`/api/v1/transactions/${encodeURIComponent(id)}/refund`, input),
    onSettled,
  });
}

export function useVoid() {
  const onSettled = useInvalidateReversal();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: VoidInput }) =>
      api.post<{ transaction: HistorySale }>(`/api/v1/transactions/${encodeURIComponent(id)}/void`, input),
    onSettled,
  });
}
