import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PosCategoriesResponse } from '#domain/schemas/sales.ts';
import { api } from '#web/lib/api-client.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { CACHE_TIMES, queryKeys } from '#web/lib/query-keys.ts';

export function posCategoriesQuery(slug: string) {
  return queryOptions({
    queryKey: queryKeys.categories.pos(slug),
    queryFn: ({ signal }) => api.get<PosCategoriesResponse>('/api/v1/pos/categories', { signal }),
    select: (data) => data.categories,
    staleTime: CACHE_TIMES.categories,
  });
}

export function usePosCategories() {
  return useQuery(posCategoriesQuery(useBusinessSlug()));
}
