import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PosCategoriesResponse } from '#domain/schemas/sales.ts';
import { api } from '#web/lib/api-client.ts';

export const posCategoriesQuery = queryOptions({
  queryKey: ['pos', 'categories'],
  queryFn: ({ signal }) => api.get<PosCategoriesResponse>('/api/v1/pos/categories', { signal }),
  select: (data) => data.categories,
  staleTime: 10 * 60_000, // operations §9: categories are cached 10 minutes
});

export function usePosCategories() {
  return useQuery(posCategoriesQuery);
}
