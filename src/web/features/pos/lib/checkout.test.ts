import { describe, expect, it } from 'vitest';
import { addToCart, EMPTY_CART, setCartCustomer, setCartDiscount, setLineDiscount } from '#domain/cart.ts';
import { addTenderLine, cashChange, quickAmountButtons, remainingToPay, saleInput } from './checkout.ts';

const milo = {
  id: '0b6f7f8e-4a1c-4e53-9d0a-1f2e3d4c5b6a',
  name: 'Milo 400g Tin',
  price: 5500,
  tax_rate: 12.5,
  stock_quantity: 18,
};
const water = {
  id: '1c7a8b9c-5b2d-4f64-8e1b-2a3b4c5d6e7f',
  name: 'Voltic 1.5L',
  price: 600,
  tax_rate: 0,
  stock_quantity: 96,
};

function cartOf() {
  const first = addToCart(EMPTY_CART, milo, 2);
  if (!first.ok) throw new Error('setup');
  const second = addToCart(first.cart, water, 3);
  if (!second.ok) throw new Error('setup');
  return second.cart;
}

describe('the sale request built from the cart', () => {
  it('sends ids, quantities and discounts only — never prices or totals', () => {
    let cart = setLineDiscount(cartOf(), milo.id, 500);
    cart = setCartDiscount(cart, 200);
    cart = setCartCustomer(cart, { id: 'c0ffee00-0000-4000-8000-000000000001', name: 'Akosua' });
    const input = saleInput(cart, [{ method: 'cash', amount: 12_875, tendered: 20_000 }], '  gift wrap ');
    expect(input).toEqual({
      items: [
        { product_id: milo.id, quantity: 2, discount_amount: 500 },
        { product_id: water.id, quantity: 3 },
      ],
      discount_amount: 200,
      customer_id: 'c0ffee00-0000-4000-8000-000000000001',
      notes: 'gift wrap',
      payments: [{ method: 'cash', amount: 12_875, amount_tendered: 20_000 }],
    });
    expect(JSON.stringify(input)).not.toContain('price');
  });

  it('sends amount_tendered for cash only, and a reference when one was typed', () => {
    const input = saleInput(cartOf(), [
      { method: 'cash', amount: 5000 },
      { method: 'mtn_momo', amount: 9175, reference: ' MP240601.1234 ' },
      { method: 'card', amount: 1 },
    ]);
    expect(input.payments).toEqual([
      { method: 'cash', amount: 5000, amount_tendered: 5000 },
      { method: 'mtn_momo', amount: 9175, reference: 'MP240601.1234' },
      { method: 'card', amount: 1 },
    ]);
  });
});

describe('split tender', () => {
  it('adds part payments until the total is covered and shows what remains', () => {
    let lines = addTenderLine([], 10_000, 'mtn_momo', 4000);
    expect(remainingToPay(10_000, lines)).toBe(6000);
    lines = addTenderLine(lines, 10_000, 'card', 2500);
    expect(remainingToPay(10_000, lines)).toBe(3500);
    lines = addTenderLine(lines, 10_000, 'cash', 3500);
    expect(remainingToPay(10_000, lines)).toBe(0);
    expect(cashChange(lines)).toBe(0);
  });

  it('never lets a non-cash part pay more than remains', () => {
    const lines = addTenderLine(addTenderLine([], 10_000, 'cash', 6000), 10_000, 'card', 9999);
    expect(lines[1]).toEqual({ method: 'card', amount: 4000 });
  });

  it('lets the cash part be a bigger note and gives change', () => {
    const lines = addTenderLine(addTenderLine([], 10_000, 'telecel_cash', 3250), 10_000, 'cash', 10_000);
    expect(lines[1]).toEqual({ method: 'cash', amount: 6750, tendered: 10_000 });
    expect(cashChange(lines)).toBe(3250);
  });

  it('ignores nothing-amounts and additions once the total is covered', () => {
    expect(addTenderLine([], 10_000, 'cash', 0)).toEqual([]);
    const full = addTenderLine([], 10_000, 'card', 10_000);
    expect(addTenderLine(full, 10_000, 'cash', 500)).toEqual(full);
  });
});

describe('quick cash buttons', () => {
  it('marks the exact amount and follows with the next notes', () => {
    expect(quickAmountButtons(12_875)).toEqual([
      { amount: 12_875, isExact: true },
      { amount: 13_000, isExact: false },
      { amount: 14_000, isExact: false },
      { amount: 15_000, isExact: false },
      { amount: 20_000, isExact: false },
    ]);
  });
});
