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

/**
 * A sale read again. A pending payment is not polled: the server's event stream says when it settles
 * (useSalePaymentEvents), and this query is read again then.
 */
export function useSale(id: string | null) {
  return useQuery({ ...saleQuery(useBusinessSlug(), id ?? ''), enabled: id !== null });
}
