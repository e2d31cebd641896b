import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductList } from '#domain/schemas/catalog.ts';
import { api } from '#web/lib/api-client.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { CACHE_TIMES, queryKeys } from '#web/lib/query-keys.ts';

/** How many of each kind the top-bar search lists; the page behind it has the rest. */
export const TOP_SEARCH_LIMIT = 5;

// Under the business's 'products' key, so a change of products refreshes these results too.
export function topSearchProductsQuery(slug: string, search: string) {
  return queryOptions({
    queryKey: queryKeys.products.topSearch(slug, search),
    queryFn: ({ signal }) => {
      // The first few matches alone; how many there are in all is the products page's to say.
      const params = new URLSearchParams({ search, limit: String(TOP_SEARCH_LIMIT), count: 'none' });
      return api.get<ProductList>(`/api/v1/products?${params}`, { signal });
    },
    staleTime: CACHE_TIMES.products,
  });
}

/** Products whose name, barcode or SKU match (manage_products); nothing is asked when `enabled` is false. */
export function useTopSearchProducts(search: string, enabled: boolean) {
  const query = topSearchProductsQuery(useBusinessSlug(), search);
  return useQuery({ ...query, enabled, placeholderData: keepPreviousData });
}
