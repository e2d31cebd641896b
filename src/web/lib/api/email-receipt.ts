import { useMutation } from '@tanstack/react-query';
import type { EmailReceiptInput } from '#domain/schemas/sales.ts';
import { api } from '#web/lib/api-client.ts';

export function emailReceipt({ saleId, ...input }: EmailReceiptInput & { saleId: string }) {
  return api.post<{ queued: true }>(`/api/v1/sales/${encodeURIComponent(saleId)}/email-receipt`, input);
}

export function useEmailReceipt() {
  return useMutation({ mutationFn: emailReceipt });
}
