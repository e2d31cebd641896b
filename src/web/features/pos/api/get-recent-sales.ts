import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SalesListResponse } from '#domain/schemas/sales.ts';
import { api } from '#web/lib/api-client.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { queryKeys } from '#web/lib/query-keys.ts';

export const RECENT_SALES_LIMIT = 20;

export function recentSalesQuery(slug: string) {
  return queryOptions({
    queryKey: queryKeys.sales.recent(slug),
    queryFn: ({ signal }) =>
      api.get<SalesListResponse>(`/api/v1/sales?limit=${RECENT_SALES_LIMIT}&offset=0`, { signal }),
    staleTime: 0,
  });
}

/** The till's history drawer: the latest sales, newest first. Read only while the drawer is open. */
export function useRecentSales(enabled: boolean) {
  return useQuery({ ...recentSalesQuery(useBusinessSlug()), enabled });
}
