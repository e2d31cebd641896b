import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product, StockMovement, StockUpdateInput } from '#domain/schemas/catalog.ts';
import { api } from '#web/lib/api-client.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { invalidateAfter, queryKeys } from '#web/lib/query-keys.ts';

export const MOVEMENTS_PAGE_SIZE = 10;

export function adjustStock(id: string, input: StockUpdateInput): Promise<{ product: Product }> {
  return api.post<{ product: Product }>(`/api/v1/products/${id}/stock`, input);
}

export function useAdjustStock(productId: string) {
  const queryClient = useQueryClient();
  const slug = useBusinessSlug();
  return useMutation({
    mutationFn: (input: StockUpdateInput) => adjustStock(productId, input),
    onSuccess: (answer) => {
      // The dialog shows the new stock from the answer at once; the lists and the history read again.
      queryClient.setQueryData(queryKeys.products.detail(slug, productId), answer);
      return invalidateAfter.productChange(queryClient, slug);
    },
  });
}

/** A product's stock history, newest first, ten at a time. */
export function stockMovementsQuery(slug: string, productId: string) {
  return infiniteQueryOptions({
    queryKey: queryKeys.products.movements(slug, productId),
    queryFn: ({ pageParam, signal }) =>
      api.get<{ movements: StockMovement[]; total: number }>(
        `/api/v1/products/${productId}/stock-movements?limit=${MOVEMENTS_PAGE_SIZE}&offset=${pageParam}`,
        { signal },
      ),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.movements.length, 0);
      return loaded < last.total && last.movements.length > 0 ? loaded : undefined;
    },
    staleTime: 0,
  });
}

export function useStockMovements(productId: string) {
  return useInfiniteQuery(stockMovementsQuery(useBusinessSlug(), productId));
}
