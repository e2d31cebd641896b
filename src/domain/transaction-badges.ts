import type { PaymentStatus } from './schemas/sales.ts';

// operations §4: status badges read Completed, Pending, Failed, Refunded, Cancelled; a refund shows Refund and a
// void shows Void instead of its status. A sale partly refunded keeps `completed` (money was kept) and gains a
// second badge, 'Partly refunded' (docs/decisions.md).

export const STATUS_LABELS: Record<PaymentStatus, string> = {
  completed: 'Completed',
  pending: 'Pending',
  failed: 'Failed',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
};

export type BadgeTone = 'success' | 'warning' | 'danger' | 'muted' | 'info';

export function statusBadge(sale: { transaction_type: string; payment_status: PaymentStatus }): {
  label: string;
  tone: BadgeTone;
} {
  if (sale.transaction_type === 'refund') return { label: 'Refund', tone: 'info' };
  if (sale.transaction_type === 'void') return { label: 'Void', tone: 'muted' };
  const tone: Record<PaymentStatus, BadgeTone> = {
    completed: 'success',
    pending: 'warning',
    failed: 'danger',
    refunded: 'info',
    cancelled: 'muted',
  };
  return { label: STATUS_LABELS[sale.payment_status], tone: tone[sale.payment_status] };
}

export function isPartlyRefunded(sale: {
  transaction_type: string;
  payment_status: PaymentStatus;
  refunded_amount: number;
}): boolean {
  return sale.transaction_type === 'sale' && sale.payment_status === 'completed' && sale.refunded_amount > 0;
}

/** operations §4: refund offered for completed sales; void for sales neither cancelled nor refunded. */
export function canRefund(sale: { transaction_type: string; payment_status: PaymentStatus }): boolean {
  return sale.transaction_type === 'sale' && sale.payment_status === 'completed';
}

export function canVoid(sale: {
  transaction_type: string;
  payment_status: PaymentStatus;
  refunded_amount: number;
}): boolean {
  return (
    sale.transaction_type === 'sale' &&
    sale.payment_status !== 'cancelled' &&
    sale.payment_status !== 'refunded' &&
    sale.refunded_amount === 0
  );
}
