import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '#domain/schemas/catalog.ts';
import { api } from '#web/lib/api-client.ts';
import { productKeys, TEN_MINUTES } from './keys.ts';

/** Active categories in their order: what the filter and the product form offer (operations §3). */
export const activeCategoriesQuery = queryOptions({
  queryKey: [...productKeys.categories, 'active'],
  queryFn: ({ signal }) => api.get<{ categories: Category[] }>('/api/v1/categories', { signal }),
  select: (data) => data.categories,
  staleTime: TEN_MINUTES,
});

export function useActiveCategories() {
  return useQuery(activeCategoriesQuery);
}
