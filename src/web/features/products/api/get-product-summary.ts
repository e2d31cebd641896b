import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductFilters, ProductSummary } from '#domain/schemas/catalog.ts';
import { api } from '#web/lib/api-client.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { CACHE_TIMES, queryKeys } from '#web/lib/query-keys.ts';
import { filterParams } from './filter-params.ts';

/** The four cards, computed by the server over the filtered products. */
export function productSummaryQuery(slug: string, filters: ProductFilters) {
  return queryOptions({
    queryKey: queryKeys.products.summary(slug, filters),
    queryFn: ({ signal }) =>
      api.get<ProductSummary>(`/api/v1/products/summary?${filterParams(filters)}`, { signal }),
    staleTime: CACHE_TIMES.products,
  });
}

export function useProductSummary(filters: ProductFilters) {
  return useQuery(productSummaryQuery(useBusinessSlug(), filters));
}
