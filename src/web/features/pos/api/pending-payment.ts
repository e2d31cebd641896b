import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaleResponse } from '#domain/schemas/sales.ts';
import { api } from '#web/lib/api-client.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { invalidateAfter, queryKeys } from '#web/lib/query-keys.ts';

// A sale waiting for its card or mobile-money payment: ask the provider again, send the customer's one-time
// code, or give up (the stock goes back).

export type PendingAction =
  | { kind: 'check'; saleId: string }
  | { kind: 'cancel'; saleId: string }
  | { kind: 'otp'; saleId: string; paymentId: string; otp: string };

export function runPendingAction(action: PendingAction): Promise<SaleResponse> {
  const sale = `/api/v1/sales/${encodeURIComponent(action.saleId)}`;
  switch (action.kind) {
    case 'check':
      return api.post<SaleResponse>(`${sale}/payment/check`);
    case 'cancel':
      return api.post<SaleResponse>(`${sale}/payment/cancel`);
    case 'otp':
      return api.post<SaleResponse>(`${sale}/payments/${encodeURIComponent(action.paymentId)}/otp`, {
        otp: action.otp,
      });
  }
}

export function usePendingPayment() {
  const queryClient = useQueryClient();
  const slug = useBusinessSlug();
  return useMutation({
    mutationFn: runPendingAction,
    onSuccess: ({ sale }) => {
      queryClient.setQueryData(queryKeys.sales.detail(slug, sale.id), { sale });
      void invalidateAfter.salePaymentChange(queryClient, slug);
    },
  });
}
