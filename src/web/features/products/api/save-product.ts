import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product, ProductCreateInput, ProductUpdateInput } from '#domain/schemas/catalog.ts';
import { api } from '#web/lib/api-client.ts';
import { productKeys } from './keys.ts';

export function createProduct(input: ProductCreateInput): Promise<{ product: Product }> {
  return api.post<{ product: Product }>('/api/v1/products', input);
}

export function updateProduct(id: string, input: ProductUpdateInput): Promise<{ product: Product }> {
  return api.patch<{ product: Product }>(`/api/v1/products/${id}`, input);
}

export function deleteProduct(id: string): Promise<void> {
  return api.delete<void>(`/api/v1/products/${id}`);
}

/** Any product change refreshes the list, the cards and the categories' counts. */
function useInvalidateProducts() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: productKeys.all }),
      queryClient.invalidateQueries({ queryKey: productKeys.categories }),
    ]);
}

export function useCreateProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({ mutationFn: createProduct, onSuccess: invalidate });
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
