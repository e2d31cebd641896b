import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductFilters, ProductSummary } from '#domain/schemas/catalog.ts';
import { api } from '#web/lib/api-client.ts';
import { filterParams, productKeys, TWO_MINUTES } from './keys.ts';

/** The four cards, computed by the server over the filtered products. */
export function productSummaryQuery(filters: ProductFilters) {
  return queryOptions({
    queryKey: productKeys.summary(filters),
    queryFn: ({ signal }) =>
      api.get<ProductSummary>(`/api/v1/products/summary?${filterParams(filters)}`, { signal }),
    staleTime: TWO_MINUTES,
  });
}

export function useProductSummary(filters: ProductFilters) {
  return useQuery(productSummaryQuery(filters));
}
