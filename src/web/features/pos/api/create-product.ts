import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product, ProductCreateInput } from '#domain/schemas/catalog.ts';
import { api } from '#web/lib/api-client.ts';
import { posProductsKey } from './get-pos-products.ts';

/** Quick-add from the till (needs manage_products; a cashier is refused with the server's message). */
export function createProduct(input: ProductCreateInput): Promise<{ product: Product }> {
  return api.post<{ product: Product }>('/api/v1/products', input);
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: posProductsKey }),
  });
}
