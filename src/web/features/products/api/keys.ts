import type { ProductFilters } from '#domain/schemas/catalog.ts';

// Every query of the product screen lives under 'products', so a change invalidates them together.
export const productKeys = {
  all: ['products'] as const,
  list: (filters: ProductFilters) => ['products', 'list', filters] as const,
  summary: (filters: ProductFilters) => ['products', 'summary', filters] as const,
  movements: (id: string) => ['products', 'movements', id] as const,
  labels: (ids: string[]) => ['products', 'labels', ids] as const,
  categories: ['categories'] as const,
};

export const TWO_MINUTES = 2 * 60_000; // operations §9: products are cached 2 minutes
export const TEN_MINUTES = 10 * 60_000; // operations §9: categories 10 minutes

/** The filters as a query string for the API (empty ones left out). */
export function filterParams(filters: ProductFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.category_id) params.set('category_id', filters.category_id);
  if (filters.low_stock) params.set('low_stock', 'true');
  return params;
}
