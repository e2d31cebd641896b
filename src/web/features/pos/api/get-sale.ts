import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SaleResponse } from '#domain/schemas/sales.ts';
import { api } from '#web/lib/api-client.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { queryKeys } from '#web/lib/query-keys.ts';

export function saleQuery(slug: string, id: string) {
  return queryOptions({
    queryKey: queryKeys.sales.detail(slug, id),
    queryFn: ({ signal }) => api.get<SaleResponse>(`/api/v1/sales/${encodeURIComponent(id)}`, { signal }),
    select: (data) => data.sale,
  });
}

/** A sale read again; while its payment is pending it is polled so the till sees the confirmation. */
export function useSale(id: string | null, { pollWhilePending = false } = {}) {
  return useQuery({
    ...saleQuery(useBusinessSlug(), id ?? ''),
    enabled: id !== null,
    refetchInterval: (query) =>
      pollWhilePending && query.state.data?.sale.payment_status === 'pending' ? 3000 : false,
  });
}
