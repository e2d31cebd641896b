import { describe, expect, it } from 'vitest';
import { type QuickAddValues, quickAddInput } from './quick-add.ts';

const filled: QuickAddValues = {
  name: ' Bel-Aqua 500ml ',
  price: '3.50',
  costPrice: '',
  taxRate: '',
  stock: '24',
  minStock: '',
  barcode: ' 6039999000017 ',
};

describe('quick-add from the till (operations §5)', () => {
  it('needs at least a name and a price', () => {
    expect(quickAddInput({ ...filled, name: '  ' })).toEqual({ ok: false, missing: true });
    expect(quickAddInput({ ...filled, price: '' })).toEqual({ ok: false, missing: true });
  });

  it('sends pesewas, the default tax rate and minimum stock, and the scanned barcode', () => {
    expect(quickAddInput(filled)).toEqual({
      ok: true,
      input: {
        name: 'Bel-Aqua 500ml',
        price: 350,
        cost_price: 0,
        tax_rate: 12.5,
        stock_quantity: 24,
        min_stock_level: 5,
        barcode: '6039999000017',
      },
    });
  });

  it('refuses negative prices, tax outside 0–100 and fractional stock with the spec texts', () => {
    const result = quickAddInput({
      ...filled,
      price: '-1',
      costPrice: 'abc',
      taxRate: '101',
      stock: '1.5',
      minStock: '-2',
    });
    expect(result).toEqual({
      ok: false,
      missing: false,
      errors: {
        price: 'Price must be positive',
        costPrice: 'Cost price must be positive',
        taxRate: 'Tax rate must be between 0 and 100',
        stock: 'Stock quantity must be positive',
        minStock: 'Minimum stock level must be positive',
      },
    });
  });
});
