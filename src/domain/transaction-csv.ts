import { csvField } from './catalog/csv.ts';
import { formatDateTime } from './dates.ts';
import { PAYMENT_METHOD_LABELS } from './payment-methods.ts';
import type { HistorySale } from './schemas/transactions.ts';

// The transaction history as a CSV file (the filtered list): one row per transaction, amounts in cedis with two
// decimals (negative for refunds), dates as the screen shows them in the business's timezone.

const HEADER = [
  'Receipt',
  'Type',
  'Status',
  'Payment method',
  'Date',
  'Customer',
  'Cashier',
  'Items',
  'Subtotal',
  'Tax',
  'Discount',
  'Total',
  'Refunded',
  'Original receipt',
  'Notes',
];

const cedis = (pesewas: number) => (pesewas / 100).toFixed(2);

export function transactionCsvHeader(): string {
  return `${HEADER.map(csvField).join(',')}\r\n`;
}

export function transactionCsvLine(sale: HistorySale, timezone: string): string {
  const items = sale.items.reduce((sum, item) => sum + Math.abs(item.quantity), 0);
  const text = (value: string | null) => csvField(value);
  return `${[
    text(sale.receipt_number),
    text(sale.transaction_type),
    text(sale.payment_status),
    text(PAYMENT_METHOD_LABELS[sale.payment_method]),
    text(formatDateTime(sale.created_at, timezone, { seconds: true })),
    text(sale.customer?.name ?? null),
    text(`${sale.cashier.first_name} ${sale.cashier.last_name}`.trim()),
    String(items),
    cedis(sale.subtotal),
    cedis(sale.tax_amount),
    cedis(sale.discount_amount),
    cedis(sale.total_amount),
    cedis(sale.refunded_amount),
    text(sale.original_receipt_number),
    text(sale.notes),
  ].join(',')}\r\n`;
}
