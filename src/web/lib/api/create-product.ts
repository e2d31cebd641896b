import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product, ProductCreateInput } from '#domain/schemas/catalog.ts';
import { api } from '#web/lib/api-client.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { invalidateAfter } from '#web/lib/query-keys.ts';

// Shared by the product screen and the till's quick-add: one call, one invalidation, so a product added at
// the till shows on the product screen at once and the other way round. Needs manage_products; the till offers
// quick-add only to those who hold it.

export function createProduct(input: ProductCreateInput): Promise<{ product: Product }> {
  return api.post<{ product: Product }>('/api/v1/products', input);
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  const slug = useBusinessSlug();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () => invalidateAfter.productChange(queryClient, slug),
  });
}
