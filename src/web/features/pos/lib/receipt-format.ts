// What the till needs around a printed receipt; the receipt's content itself is #domain/receipt.ts, shared
// with the emailed copy.

export { cashierName, itemQuantityText, receiptTotals } from '#domain/receipt.ts';

export const PAPER_WIDTHS = ['80', '58'] as const;
export type PaperWidth = (typeof PAPER_WIDTHS)[number];

export function parsePaperWidth(value: string | null): PaperWidth {
  return value === '58' ? '58' : '80';
}
