import { describe, expect, it } from 'vitest';
import type { ParkedCart, PosProduct } from '#domain/schemas/sales.ts';
import { formatAge } from './age.ts';
import { resumeParked } from './resume-parked.ts';

function product(id: string, name: string, price: number, stock: number): PosProduct {
  return {
    id,
    name,
    description: null,
    price,
    tax_rate: 12.5,
    stock_quantity: stock,
    min_stock_level: 5,
    barcode: null,
    sku: null,
    image_url: null,
    category: null,
  };
}

const MILO = '00000000-0000-4000-8000-000000000001';
const TEA = '00000000-0000-4000-8000-000000000002';
const GARI = '00000000-0000-4000-8000-000000000003';

const parked: ParkedCart['cart'] = {
  items: [
    {
      product_id: MILO,
      name: 'Milo 400g Tin',
      unit_price: 5500,
      tax_rate: 12.5,
      quantity: 2,
      discount_amount: 0,
    },
    {
      product_id: TEA,
      name: 'Lipton Tea',
      unit_price: 2500,
      tax_rate: 12.5,
      quantity: 5,
      discount_amount: 300,
    },
    { product_id: GARI, name: 'Gari 1kg', unit_price: 1200, tax_rate: 0, quantity: 1, discount_amount: 0 },
  ],
  discount_amount: 100,
  customer: { id: '00000000-0000-4000-8000-0000000000c1', name: 'Akosua Mensah' },
};

describe('resuming a parked sale', () => {
  it('brings the lines back unchanged when stock and prices still hold', () => {
    const current = [
      product(MILO, 'Milo 400g Tin', 5500, 10),
      product(TEA, 'Lipton Tea', 2500, 10),
      product(GARI, 'Gari 1kg', 1200, 3),
    ];
    const { cart, changes } = resumeParked(parked, current);
    expect(changes).toEqual([]);
    expect(cart.lines.map((line) => [line.product.id, line.quantity, line.discount_amount])).toEqual([
      [MILO, 2, 0],
      [TEA, 5, 300],
      [GARI, 1, 0],
    ]);
    expect(cart.discount_amount).toBe(100);
    expect(cart.customer).toEqual({ id: '00000000-0000-4000-8000-0000000000c1', name: 'Akosua Mensah' });
  });

  it('warns about and fixes what changed: sold out, less stock, new price', () => {
    const current = [product(MILO, 'Milo 400g Tin', 6000, 10), product(TEA, 'Lipton Tea', 2500, 3)];
    const { cart, changes } = resumeParked(parked, current);
    expect(changes).toEqual([
      'Milo 400g Tin: price changed from ₵55.00 to ₵60.00.',
      'Lipton Tea: only 3 in stock, quantity set to 3.',
      'Gari 1kg is no longer available and was left out.',
    ]);
    expect(cart.lines.map((line) => [line.product.id, line.product.price, line.quantity])).toEqual([
      [MILO, 6000, 2],
      [TEA, 2500, 3],
    ]);
  });
});

describe('age of a parked sale', () => {
  const now = Date.parse('2025-11-21T12:00:00Z');
  it.each([
    ['2025-11-21T11:59:30Z', 'just now'],
    ['2025-11-21T11:48:00Z', '12 min ago'],
    ['2025-11-21T11:00:00Z', '1 hour ago'],
    ['2025-11-21T07:00:00Z', '5 hours ago'],
    ['2025-11-19T12:00:00Z', '2 days ago'],
  ])('parked at %s reads "%s"', (createdAt, text) => {
    expect(formatAge(createdAt, now)).toBe(text);
  });
});
