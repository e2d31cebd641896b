import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { PRODUCT_PAGE_SIZE, type ProductFilters, type ProductList } from '#domain/schemas/catalog.ts';
import { api } from '#web/lib/api-client.ts';
import { filterParams, productKeys, TWO_MINUTES } from './keys.ts';

/** Products of the screen, a page at a time ("Load more"); never the whole catalog at once. */
export function productsQuery(filters: ProductFilters) {
  return infiniteQueryOptions({
    queryKey: productKeys.list(filters),
    queryFn: ({ pageParam, signal }) => {
      const params = filterParams(filters);
      params.set('limit', String(PRODUCT_PAGE_SIZE));
      params.set('offset', String(pageParam));
      return api.get<ProductList>(`/api/v1/products?${params}`, { signal });
    },
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.products.length, 0);
      return loaded < last.total && last.products.length > 0 ? loaded : undefined;
    },
    staleTime: TWO_MINUTES,
  });
}

export function useProducts(filters: ProductFilters) {
  return useInfiniteQuery(productsQuery(filters));
}
