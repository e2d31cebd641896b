import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ParkedCartsResponse } from '#domain/schemas/sales.ts';
import { api } from '#web/lib/api-client.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { queryKeys } from '#web/lib/query-keys.ts';

/** Parked sales of the whole shop (any till sees them); read often, since another till may park one. */
export function parkedCartsQuery(slug: string) {
  return queryOptions({
    queryKey: queryKeys.parkedCarts(slug),
    queryFn: ({ signal }) => api.get<ParkedCartsResponse>('/api/v1/parked-carts', { signal }),
    select: (data) => data.parked_carts,
    staleTime: 15_000,
    refetchInterval: 60_000,
  });
}

export function useParkedCarts() {
  return useQuery(parkedCartsQuery(useBusinessSlug()));
}
