import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '#domain/schemas/catalog.ts';
import { api } from '#web/lib/api-client.ts';
import { productKeys } from './keys.ts';

/** One product, starting from the copy the list already has (its stock changes while the dialog is open). */
export function productQuery(product: Product) {
  return queryOptions({
    queryKey: [...productKeys.all, 'detail', product.id],
    queryFn: ({ signal }) => api.get<{ product: Product }>(`/api/v1/products/${product.id}`, { signal }),
    select: (data) => data.product,
    initialData: { product },
    staleTime: 0,
    refetchOnMount: false,
  });
}

export function useProduct(product: Product) {
  return useQuery(productQuery(product));
}
