import { formatCedis } from '#domain/money.ts';
import { PAYMENT_METHOD_LABELS } from '#domain/payment-methods.ts';
import type { Sale } from '#domain/schemas/sales.ts';

// What a printed receipt says, worked out apart from how it is drawn (operations §9 business timezone).

export const DEFAULT_TIMEZONE = 'Africa/Accra';

/** '21 Nov 2025, 14:05' in the business's timezone, whatever the till's clock is set to. */
export function formatReceiptDateTime(iso: string, timeZone: string): string {
  const date = new Date(iso);
  const options: Intl.DateTimeFormatOptions = {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  };
  try {
    return new Intl.DateTimeFormat('en-GB', { ...options, timeZone }).format(date);
  } catch {
    // An unknown zone name must not stop a receipt printing.
    return new Intl.DateTimeFormat('en-GB', { ...options, timeZone: DEFAULT_TIMEZONE }).format(date);
  }
}

export type ReceiptRow = { label: string; value: string; isStrong?: boolean };

/** The totals block: subtotal, tax, discount (when any), total, what was paid and the change. */
export function receiptTotals(sale: Sale): ReceiptRow[] {
  const rows: ReceiptRow[] = [
    { label: 'Subtotal', value: formatCedis(sale.subtotal) },
    { label: 'Tax', value: formatCedis(sale.tax_amount) },
  ];
  if (sale.discount_amount > 0)
    rows.push({ label: 'Discount', value: `-${formatCedis(sale.discount_amount)}` });
  rows.push({ label: 'TOTAL', value: formatCedis(sale.total_amount), isStrong: true });
  for (const payment of sale.payments) {
    const shown = payment.method === 'cash' ? (payment.amount_tendered ?? payment.amount) : payment.amount;
    const pending = payment.status === 'completed' ? '' : ` (${payment.status})`;
    rows.push({ label: `${PAYMENT_METHOD_LABELS[payment.method]}${pending}`, value: formatCedis(shown) });
  }
  rows.push({ label: 'Amount paid', value: formatCedis(sale.amount_paid) });
  rows.push({ label: 'Change', value: formatCedis(sale.change_given) });
  return rows;
}

/** '2 × ₵8.50' under an item's name. */
export function itemQuantityText(quantity: number, unitPrice: number): string {
  return `${quantity} × ${formatCedis(unitPrice)}`;
}

export function cashierName(sale: Sale): string {
  return `${sale.cashier.first_name} ${sale.cashier.last_name}`.trim();
}

export const PAPER_WIDTHS = ['80', '58'] as const;
export type PaperWidth = (typeof PAPER_WIDTHS)[number];

export function parsePaperWidth(value: string | null): PaperWidth {
  return value === '58' ? '58' : '80';
}
