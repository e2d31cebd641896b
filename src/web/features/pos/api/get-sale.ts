import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SaleResponse } from '#domain/schemas/sales.ts';
import { api } from '#web/lib/api-client.ts';

export function saleQuery(id: string) {
  return queryOptions({
    queryKey: ['pos', 'sale', id],
    queryFn: ({ signal }) => api.get<SaleResponse>(`/api/v1/sales/${encodeURIComponent(id)}`, { signal }),
    select: (data) => data.sale,
  });
}

/** A sale read again; while its payment is pending it is polled so the till sees the confirmation. */
export function useSale(id: string | null, { pollWhilePending = false } = {}) {
  return useQuery({
    ...saleQuery(id ?? ''),
    enabled: id !== null,
    refetchInterval: (query) =>
      pollWhilePending && query.state.data?.sale.payment_status === 'pending' ? 3000 : false,
  });
}
