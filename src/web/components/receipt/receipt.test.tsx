import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { receiptContent } from '#domain/receipt.ts';
import { failedSplitSale } from '#domain/testing/failed-split-sale.ts';
import { Receipt } from './receipt.tsx';

afterEach(cleanup);

// The emailed receipt is checked against the same content (src/server/modules/sales/receipt-mail.test.ts), so
// paper and mail say the same things.
describe('printed receipt', () => {
  it('prints every line of the receipt content, failed and pending payments included', () => {
    const sale = failedSplitSale();
    const content = receiptContent(sale);
    render(<Receipt sale={sale} paper="80" />);
    const paper = screen.getByRole('article', { name: `Receipt ${sale.receipt_number}` });
    const printed = (paper.textContent ?? '').replace(/\s+/g, ' ');

    for (const line of content.headerLines) expect(printed).toContain(line);
    for (const row of [...content.details, ...content.totals])
      expect(printed).toContain(`${row.label}${row.value}`);
    for (const item of content.items) {
      expect(printed).toContain(`${item.name}${item.quantityText}${item.total}`);
      for (const row of item.extras) expect(printed).toContain(`${row.label}${row.value}`);
    }
    expect(printed).toContain('*** PAYMENT FAILED ***');
    expect(printed).toContain('Card (failed)₵40.00');
    expect(printed).toContain('DateNov 21, 2025, 23:30');
    expect(printed).toContain(content.footer ?? 'a footer');
  });
});
