import { describe, expect, it } from 'vitest';
import { receiptContent } from '#domain/receipt.ts';
import { failedSplitSale } from '#domain/testing/failed-split-sale.ts';
import { escapeHtml } from '../mail/index.ts';
import { renderReceiptMail } from './receipt-mail.ts';

// The printed receipt is checked against the same content (src/web/features/pos/components/receipt.test.tsx),
// so paper and mail say the same things.
describe('emailed receipt', () => {
  it('says every line of the receipt content, in text and in HTML, failed and pending payments included', () => {
    const sale = failedSplitSale();
    const content = receiptContent(sale);
    const mail = renderReceiptMail(sale);
    const html = mail.html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

    expect(mail.subject).toBe('Your receipt RCP-1732212345678-ABCDEF from Demo Shop');
    for (const line of content.headerLines) {
      expect(mail.text).toContain(line);
      expect(html).toContain(escapeHtml(line));
    }
    for (const row of [...content.details, ...content.totals]) {
      expect(mail.text).toContain(`${row.label}: ${row.value}`);
      expect(html).toContain(`${escapeHtml(row.label)} ${escapeHtml(row.value)}`);
    }
    for (const item of content.items) {
      expect(mail.text).toContain(`${item.name}\n  ${item.quantityText}  ${item.total}`);
      expect(html).toContain(`${escapeHtml(item.name)} ${escapeHtml(item.quantityText)}`);
      for (const row of item.extras) expect(mail.text).toContain(`${row.label}  ${row.value}`);
    }
    expect(mail.text).toContain('Card (failed): ₵40.00');
    expect(mail.text).toContain('Date: Nov 21, 2025, 23:30');
    expect(mail.text).toContain('*** PAYMENT FAILED ***');
    expect(html).toContain('*** PAYMENT FAILED ***');
  });
});
