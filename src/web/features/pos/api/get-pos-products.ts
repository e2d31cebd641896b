import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { PosProductsResponse } from '#domain/schemas/sales.ts';
import { api } from '#web/lib/api-client.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { catalogMeta, localPosProducts, syncCatalogSoon } from '#web/lib/offline/catalog.ts';
import { CACHE_TIMES, queryKeys } from '#web/lib/query-keys.ts';

export const POS_PAGE_SIZE = 60;

export type PosProductFilters = { search: string; categoryId: string | null };

export function posProductsPath(filters: PosProductFilters, offset: number, limit = POS_PAGE_SIZE): string {
  const params = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.categoryId) params.set('category_id', filters.categoryId);
  return `/api/v1/pos/products?${params}`;
}

/** The till's grid: in-stock active products by name, one page at a time (operations §2). */
export function posProductsQuery(slug: string, filters: PosProductFilters) {
  return infiniteQueryOptions({
    queryKey: queryKeys.products.pos(slug, { search: filters.search.trim(), categoryId: filters.categoryId }),
    queryFn: async ({ pageParam, signal }) => {
      const fromServer = () => api.get<PosProductsResponse>(posProductsPath(filters, pageParam), { signal });
      // The till's local copy once it has one (issue 15): instant, and the same with no network. Right after
      // the till opens, a page its copy cannot answer until read whole is asked of the server meanwhile.
      if (await hasLocalCatalog(slug)) {
        void syncCatalogSoon(slug, 3000).catch(() => undefined);
        return localPosProducts(slug, filters, pageParam, POS_PAGE_SIZE, fromServer);
      }
      return fromServer();
    },
    // Read from the local copy, so it runs with no network too.
    networkMode: 'always',
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.has_more ? pages.reduce((sum, page) => sum + page.products.length, 0) : undefined,
    staleTime: CACHE_TIMES.products,
  });
}

export function usePosProducts(filters: PosProductFilters) {
  return useInfiniteQuery(posProductsQuery(useBusinessSlug(), filters));
}

async function hasLocalCatalog(slug: string): Promise<boolean> {
  try {
    return (await catalogMeta(slug)) !== undefined;
  } catch {
    return false;
  }
}

/**
 * The products of a parked sale as they are now (in stock and active; one sold out or gone is absent), for its
 * resumption: one request for its lines' products alone, whatever the size of the catalog.
 */
export async function fetchPosProductsById(ids: string[]): Promise<PosProductsResponse['products']> {
  if (ids.length === 0) return [];
  const path = `${posProductsPath({ search: '', categoryId: null }, 0, ids.length)}&ids=${ids.join(',')}`;
  return (await api.get<PosProductsResponse>(path)).products;
}
