import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '#domain/schemas/catalog.ts';
import { api } from '#web/lib/api-client.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { queryKeys } from '#web/lib/query-keys.ts';

/** One product, starting from the copy the list already has (its stock changes while the dialog is open). */
export function productQuery(slug: string, product: Product) {
  return queryOptions({
    queryKey: queryKeys.products.detail(slug, product.id),
    queryFn: ({ signal }) => api.get<{ product: Product }>(`/api/v1/products/${product.id}`, { signal }),
    select: (data) => data.product,
    initialData: { product },
    staleTime: 0,
    refetchOnMount: false,
  });
}

export function useProduct(product: Product) {
  return useQuery(productQuery(useBusinessSlug(), product));
}
