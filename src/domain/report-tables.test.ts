import { describe, expect, it } from 'vitest';
import { formatCell, slowMoversTable, stockValuationTable, tableCsv } from './report-tables.ts';

describe('report tables', () => {
  it('writes a table as CSV: amounts in cedis, names defused and quoted, nothing as empty', () => {
    const csv = tableCsv(
      slowMoversTable(
        {
          products: [
            {
              id: 'a',
              name: '=Cola, 1L',
              sku: null,
              category: 'Drinks',
              stock: 12,
              last_sold_at: '2026-03-10T23:30:00.000Z',
              cost_value: 123_456,
            },
          ],
        },
        'Asia/Tokyo',
      ),
    );
    // 23:30 UTC on the 10th is the 11th in Tokyo.
    expect(csv).toBe(
      'Product,SKU,Category,In stock,Last sold,Stock at cost\r\n"\'=Cola, 1L",,Drinks,12,"Mar 11, 2026",1234.56\r\n',
    );
  });

  it('shows money, counts, shares and changes as a person reads them', () => {
    expect(formatCell({ kind: 'money', value: -107_500 })).toBe('-₵1,075.00');
    expect(formatCell({ kind: 'count', value: 12_345 })).toBe('12,345');
    expect(formatCell({ kind: 'percent', value: 24.6 })).toBe('24.6%');
    expect(formatCell({ kind: 'change', value: 397.5 })).toBe('+397.5%');
    expect(formatCell({ kind: 'change', value: null })).toBe('—');
    const view = stockValuationTable({ products: [] });
    expect(view.columns).toContain('Value at price');
    expect(tableCsv(view)).toBe(
      'Product,SKU,Category,In stock,Cost price,Price,Value at cost,Value at price\r\n',
    );
  });
});
