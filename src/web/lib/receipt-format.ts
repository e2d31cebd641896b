// What the till and the transaction history need around a printed receipt; the receipt's content itself is #domain/receipt.ts, shared
// with the emailed copy.

export { cashierName, itemQuantityText, receiptTotals } from '#domain/receipt.ts';

/** The receipt paper chosen in the receipt dialog ('80' or '58' mm): a device preference, one per browser. */
export const RECEIPT_PAPER_STORAGE_KEY = 'pos-receipt-paper';

export const PAPER_WIDTHS = ['80', '58'] as const;
export type PaperWidth = (typeof PAPER_WIDTHS)[number];

export function parsePaperWidth(value: string | null): PaperWidth {
  return value === '58' ? '58' : '80';
}
