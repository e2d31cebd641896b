import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Category, CategoryCreateInput, CategoryUpdateInput } from '#domain/schemas/catalog.ts';
import { api } from '#web/lib/api-client.ts';

// 'categories' is also the key the product screen reads its active categories under, so a change here
// refreshes its filter and form too.
const categoriesKey = ['categories'] as const;

export const allCategoriesQuery = queryOptions({
  queryKey: [...categoriesKey, 'all'],
  queryFn: ({ signal }) =>
    api.get<{ categories: Category[] }>('/api/v1/categories?include_inactive=true', { signal }),
  select: (data) => data.categories,
  staleTime: 10 * 60_000, // operations §9: categories 10 minutes
});

export function useAllCategories() {
  return useQuery(allCategoriesQuery);
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: categoriesKey }),
      queryClient.invalidateQueries({ queryKey: ['products'] }),
    ]);
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
