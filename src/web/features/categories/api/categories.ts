import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Category, CategoryCreateInput, CategoryUpdateInput } from '#domain/schemas/catalog.ts';
import { api } from '#web/lib/api-client.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { CACHE_TIMES, invalidateAfter, queryKeys } from '#web/lib/query-keys.ts';

export function allCategoriesQuery(slug: string) {
  return queryOptions({
    queryKey: queryKeys.categories.withInactive(slug),
    queryFn: ({ signal }) =>
      api.get<{ categories: Category[] }>('/api/v1/categories?include_inactive=true', { signal }),
    select: (data) => data.categories,
    staleTime: CACHE_TIMES.categories,
  });
}

export function useAllCategories() {
  return useQuery(allCategoriesQuery(useBusinessSlug()));
}

/** A category change refreshes every category list (the product form's, the till's) and the products naming it. */
function useInvalidate() {
  const queryClient = useQueryClient();
  const slug = useBusinessSlug();
  return () => invalidateAfter.categoryChange(queryClient, slug);
}

export function useCreateCategory() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: (input: CategoryCreateInput) => api.post<{ category: Category }>('/api/v1/categories', input),
    onSuccess,
  });
}

export function useUpdateCategory() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: CategoryUpdateInput }) =>
      api.patch<{ category: Category }>(`/api/v1/categories/${id}`, input),
    onSuccess,
  });
}

export function useReorderCategories() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: (ids: string[]) => api.put<{ categories: Category[] }>('/api/v1/categories/order', { ids }),
    onSuccess,
  });
}
