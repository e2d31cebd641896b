// What the till and the transaction history need around a printed receipt; the receipt's content itself is #domain/receipt.ts, shared
// with the emailed copy.

/** Receipt paper ('80' or '58' mm): the business's choice in Settings → Receipts, switchable for one print. */
export {
  RECEIPT_PAPER_WIDTHS as PAPER_WIDTHS,
  type ReceiptPaperWidth as PaperWidth,
} from '#domain/business-settings.ts';
export { cashierName, itemQuantityText, receiptTotals } from '#domain/receipt.ts';
