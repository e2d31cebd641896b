import type { ProductFilters } from '#domain/schemas/catalog.ts';

/** The filters as a query string for the API (empty ones left out). */
export function filterParams(filters: ProductFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.category_id) params.set('category_id', filters.category_id);
  if (filters.low_stock) params.set('low_stock', 'true');
  return params;
}
