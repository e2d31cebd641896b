import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product, ProductUpdateInput } from '#domain/schemas/catalog.ts';
import { api } from '#web/lib/api-client.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { invalidateAfter } from '#web/lib/query-keys.ts';

export function updateProduct(id: string, input: ProductUpdateInput): Promise<{ product: Product }> {
  return api.patch<{ product: Product }>(`/api/v1/products/${id}`, input);
}

export function deleteProduct(id: string): Promise<void> {
  return api.delete<void>(`/api/v1/products/${id}`);
}

/** Any product change refreshes the list, the cards, the till's grid and the categories' counts. */
function useInvalidateProducts() {
  const queryClient = useQueryClient();
  const slug = useBusinessSlug();
  return () => invalidateAfter.productChange(queryClient, slug);
}

export function useUpdateProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ProductUpdateInput }) => updateProduct(id, input),
    onSuccess: invalidate,
  });
}

export function useDeleteProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({ mutationFn: deleteProduct, onSuccess: invalidate });
}
