import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateSaleInput, SaleResponse } from '#domain/schemas/sales.ts';
import { api } from '#web/lib/api-client.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { syncCatalog } from '#web/lib/offline/catalog.ts';
import { invalidateAfter } from '#web/lib/query-keys.ts';

export type CreateSaleRequest = { input: CreateSaleInput; idempotencyKey: string };

/**
 * POST /api/v1/sales. The key is made once per checkout attempt and sent again on a retry, so a double
 * click or a lost response never makes a second sale: the server answers a repeated key with the first sale.
 */
export function createSale({ input, idempotencyKey }: CreateSaleRequest): Promise<SaleResponse> {
  return api.post<SaleResponse>('/api/v1/sales', input, {
    headers: { 'Idempotency-Key': idempotencyKey },
    // A till must never hang on "Processing…": past this, a cash sale completes offline (issue 15).
    timeoutMs: 12_000,
  });
}

export function useCreateSale() {
  const queryClient = useQueryClient();
  const slug = useBusinessSlug();
  return useMutation({
    mutationFn: createSale,
    // Never paused for want of a network: the request times out and a cash sale falls back to the outbox.
    networkMode: 'always',

    // The same key makes a retry safe, so a network failure may be retried once like any mutation.
    // Stock, the customer's totals, the history and the figures changed (or may have, after a lost answer):
    // every screen showing them reads again, the product screen as much as the till's grid.
    onSettled: () => {
      void invalidateAfter.saleMade(queryClient, slug);
      // The till's local copy of the stock follows at once (issue 15).
      void syncCatalog(slug).catch(() => undefined);
    },
  });
}
