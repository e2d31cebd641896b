import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category, CategoryCreateInput } from '#domain/schemas/catalog.ts';
import { api } from '#web/lib/api-client.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { invalidateAfter } from '#web/lib/query-keys.ts';
import { activeCategoriesQuery } from './get-categories.ts';

/** A category made from the product form (needs manage_categories), for a shop whose list lacks the one it needs. */
export function createCategory(input: CategoryCreateInput): Promise<{ category: Category }> {
  return api.post<{ category: Category }>('/api/v1/categories', input);
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  const slug = useBusinessSlug();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: async ({ category }) => {
      // In the form's list at once, so it can be selected before the lists are fetched again.
      queryClient.setQueryData(activeCategoriesQuery(slug).queryKey, (old) =>
        old ? { categories: [...old.categories, category] } : old,
      );
      // Every categories list (filter, categories page) and the summary's category count.
      await invalidateAfter.categoryChange(queryClient, slug);
    },
  });
}
