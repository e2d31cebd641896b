import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { PRODUCT_PAGE_SIZE, type ProductFilters, type ProductList } from '#domain/schemas/catalog.ts';
import { api } from '#web/lib/api-client.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { CACHE_TIMES, queryKeys } from '#web/lib/query-keys.ts';
import { filterParams } from './filter-params.ts';

/** Products of the screen, a page at a time ("Load more"); never the whole catalog at once. */
export function productsQuery(slug: string, filters: ProductFilters) {
  return infiniteQueryOptions({
    queryKey: queryKeys.products.list(slug, filters),
    queryFn: ({ pageParam, signal }) => {
      const params = filterParams(filters);
      params.set('limit', String(PRODUCT_PAGE_SIZE));
      // The screen's cards count these products exactly: the list need not count them again.
      params.set('count', 'none');
      // Keyset paging: each page starts after the last product of the one before, as fast deep as at the top.
      if (pageParam) params.set('after', pageParam);
      return api.get<ProductList>(`/api/v1/products?${params}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    staleTime: CACHE_TIMES.products,
  });
}

export function useProducts(filters: ProductFilters) {
  return useInfiniteQuery(productsQuery(useBusinessSlug(), filters));
}
