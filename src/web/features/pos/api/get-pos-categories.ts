import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PosCategoriesResponse } from '#domain/schemas/sales.ts';
import { api } from '#web/lib/api-client.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { catalogMeta, localCategories } from '#web/lib/offline/catalog.ts';
import { CACHE_TIMES, queryKeys } from '#web/lib/query-keys.ts';

export function posCategoriesQuery(slug: string) {
  return queryOptions({
    queryKey: queryKeys.categories.pos(slug),
    queryFn: async ({ signal }): Promise<PosCategoriesResponse> => {
      // The till's local copy once it has one (issue 15), so the chips show with no network too.
      const hasCopy = await catalogMeta(slug).then(Boolean, () => false);
      if (hasCopy) return { categories: await localCategories(slug) };
      return api.get<PosCategoriesResponse>('/api/v1/pos/categories', { signal });
    },
    networkMode: 'always',
    select: (data) => data.categories,
    staleTime: CACHE_TIMES.categories,
  });
}

export function usePosCategories() {
  return useQuery(posCategoriesQuery(useBusinessSlug()));
}
