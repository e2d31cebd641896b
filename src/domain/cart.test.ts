import { describe, expect, it } from 'vitest';
import {
  addToCart,
  type Cart,
  type CartProduct,
  cartFromParked,
  cartItemCount,
  cartToParked,
  cartToSaleItems,
  cartTotals,
  EMPTY_CART,
  removeLine,
  setCartCustomer,
  setCartDiscount,
  setLineDiscount,
  setLineQuantity,
} from './cart.ts';

const rice: CartProduct = {
  id: 'p-rice',
  name: 'Jasmine Rice 5kg',
  price: 8550,
  tax_rate: 12.5,
  stock_quantity: 3,
};
const soap: CartProduct = {
  id: 'p-soap',
  name: 'Key Soap',
  price: 700,
  tax_rate: '0.00',
  stock_quantity: 10,
};
const empty: CartProduct = {
  id: 'p-empty',
  name: 'Milo 400g',
  price: 3500,
  tax_rate: 12.5,
  stock_quantity: 0,
};

function mustAdd(cart: Cart, product: CartProduct, quantity = 1): Cart {
  const result = addToCart(cart, product, quantity);
  if (!result.ok) throw new Error(result.error.message);
  return result.cart;
}

describe('the till cart (operations §5 Cart)', () => {
  it('adds a product and adds again to the same line', () => {
    let cart = mustAdd(EMPTY_CART, rice);
    cart = mustAdd(cart, rice);
    cart = mustAdd(cart, soap, 4);
    expect(cart.lines.map((l) => [l.product.id, l.quantity])).toEqual([
      ['p-rice', 2],
      ['p-soap', 4],
    ]);
    expect(cartItemCount(cart)).toBe(6);
  });
  it("refuses an out-of-stock product with 'Out of stock' / '{name} is currently out of stock.'", () => {
    const result = addToCart(EMPTY_CART, empty);
    expect(result).toEqual({
      ok: false,
      cart: EMPTY_CART,
      error: { title: 'Out of stock', message: 'Milo 400g is currently out of stock.' },
    });
  });
  it("refuses more than the stock with 'Insufficient stock' / 'Only N units available.'", () => {
    const cart = mustAdd(EMPTY_CART, rice, 3);
    const result = addToCart(cart, rice);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.error).toEqual({ title: 'Insufficient stock', message: 'Only 3 units available.' });
    expect(result.cart).toBe(cart);
  });
  it('checks stock on a quantity increase but not on a decrease', () => {
    const cart = mustAdd(EMPTY_CART, rice, 2);
    const up = setLineQuantity(cart, 'p-rice', 4);
    expect(up.ok).toBe(false);
    if (!up.ok) expect(up.error.message).toBe('Only 3 units available.');
    const lower = setLineQuantity({ ...cart, lines: [{ ...cart.lines[0]!, quantity: 5 }] }, 'p-rice', 4);
    expect(lower.ok).toBe(true);
    expect(lower.cart.lines[0]?.quantity).toBe(4);
  });
  it('removes a line when its quantity is set to 0 or less', () => {
    const cart = mustAdd(mustAdd(EMPTY_CART, rice), soap);
    expect(setLineQuantity(cart, 'p-rice', 0).cart.lines.map((l) => l.product.id)).toEqual(['p-soap']);
    expect(setLineQuantity(cart, 'p-soap', -1).cart.lines.map((l) => l.product.id)).toEqual(['p-rice']);
    expect(removeLine(cart, 'p-rice').lines.map((l) => l.product.id)).toEqual(['p-soap']);
  });
  it('ignores a quantity change for a product not in the cart', () => {
    expect(setLineQuantity(EMPTY_CART, 'nope', 3)).toEqual({ ok: true, cart: EMPTY_CART });
  });
  it('clamps line and cart discounts and re-clamps a line discount when the quantity falls', () => {
    let cart = mustAdd(EMPTY_CART, soap, 2);
    cart = setLineDiscount(cart, 'p-soap', 5000);
    expect(cart.lines[0]?.discount_amount).toBe(1400);
    cart = setLineDiscount(cart, 'p-soap', -20);
    expect(cart.lines[0]?.discount_amount).toBe(0);
    cart = setLineDiscount(cart, 'p-soap', 1400);
    const lowered = setLineQuantity(cart, 'p-soap', 1);
    expect(lowered.cart.lines[0]?.discount_amount).toBe(700);
    expect(setCartDiscount(cart, -5).discount_amount).toBe(0);
  });
  it('totals the cart from its products', () => {
    let cart = mustAdd(mustAdd(EMPTY_CART, rice), soap, 2);
    cart = setCartDiscount(cart, 150);
    const totals = cartTotals(cart);
    expect(totals.subtotal).toBe(9950);
    expect(totals.tax_amount).toBe(1069);
    expect(totals.discount_amount).toBe(150);
    expect(totals.total_amount).toBe(9950 + 1069 - 150);
  });
  it('sends only ids, quantities and discounts to the server', () => {
    let cart = mustAdd(mustAdd(EMPTY_CART, rice), soap, 2);
    cart = setLineDiscount(cart, 'p-soap', 100);
    expect(cartToSaleItems(cart)).toEqual([
      { product_id: 'p-rice', quantity: 1 },
      { product_id: 'p-soap', quantity: 2, discount_amount: 100 },
    ]);
  });
  it('parks and resumes a cart, taking current prices where the till has them', () => {
    let cart = mustAdd(mustAdd(EMPTY_CART, rice), soap, 2);
    cart = setCartCustomer(setCartDiscount(cart, 200), { id: 'c1', name: 'Ama' });
    const parked = cartToParked(cart);
    expect(parked).toEqual({
      items: [
        {
          product_id: 'p-rice',
          name: 'Jasmine Rice 5kg',
          unit_price: 8550,
          tax_rate: 12.5,
          quantity: 1,
          discount_amount: 0,
        },
        {
          product_id: 'p-soap',
          name: 'Key Soap',
          unit_price: 700,
          tax_rate: 0,
          quantity: 2,
          discount_amount: 0,
        },
      ],
      discount_amount: 200,
      customer: { id: 'c1', name: 'Ama' },
    });
    const resumed = cartFromParked(parked, [{ ...soap, price: 750 }]);
    expect(resumed.lines.map((l) => [l.product.id, l.product.price, l.quantity])).toEqual([
      ['p-rice', 8550, 1],
      ['p-soap', 750, 2],
    ]);
    expect(resumed.customer).toEqual({ id: 'c1', name: 'Ama' });
    expect(resumed.discount_amount).toBe(200);
  });
});
