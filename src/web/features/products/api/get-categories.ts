import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '#domain/schemas/catalog.ts';
import { api } from '#web/lib/api-client.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { CACHE_TIMES, queryKeys } from '#web/lib/query-keys.ts';

/** Active categories in their order: what the filter and the product form offer (operations §3). */
export function activeCategoriesQuery(slug: string) {
  return queryOptions({
    queryKey: queryKeys.categories.active(slug),
    queryFn: ({ signal }) => api.get<{ categories: Category[] }>('/api/v1/categories', { signal }),
    select: (data) => data.categories,
    staleTime: CACHE_TIMES.categories,
  });
}

export function useActiveCategories() {
  return useQuery(activeCategoriesQuery(useBusinessSlug()));
}
