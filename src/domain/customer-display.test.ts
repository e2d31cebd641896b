import { describe, expect, it } from 'vitest';
import { addToCart, EMPTY_CART, setCartDiscount } from './cart.ts';
import {
  awaitingInstruction,
  displayChannelName,
  displayPaymentOf,
  toDisplayCart,
} from './customer-display.ts';
import { parseDisplayMessage } from './schemas/customer-display.ts';

const milo = { id: 'p1', name: 'Milo 400g', price: 5500, tax_rate: 12.5, stock_quantity: 10 };
const sale = {
  payment_method: 'cash' as const,
  receipt_number: 'RCP-1-ABCDEF',
  total_amount: 12375,
  amount_paid: 15000,
  change_given: 2625,
};

describe('toDisplayCart', () => {
  it('gives the display each line and the totals the till shows', () => {
    const added = addToCart(EMPTY_CART, milo, 2);
    if (!added.ok) throw new Error('not added');
    const cart = toDisplayCart(setCartDiscount(added.cart, 375));
    expect(cart).toEqual({
      lines: [
        {
          product_id: 'p1',
          name: 'Milo 400g',
          quantity: 2,
          unit_price: 5500,
          discount_amount: 0,
          line_total: 11000,
        },
      ],
      item_count: 2,
      subtotal: 11000,
      tax_amount: 1375,
      discount_amount: 375,
      total_amount: 12000,
    });
  });

  it('is empty for an empty cart', () => {
    expect(toDisplayCart(EMPTY_CART)).toMatchObject({ lines: [], item_count: 0, total_amount: 0 });
  });
});

describe('displayPaymentOf', () => {
  it('shows a completed sale with the change due', () => {
    expect(displayPaymentOf({ ...sale, payment_status: 'completed' })).toEqual({
      state: 'completed',
      method: 'cash',
      receipt_number: 'RCP-1-ABCDEF',
      total_amount: 12375,
      amount_paid: 15000,
      change_due: 2625,
    });
  });

  it('shows a pending card or mobile-money sale as awaiting, and a failed one with the dialog text', () => {
    expect(displayPaymentOf({ ...sale, payment_method: 'mtn_momo', payment_status: 'pending' })).toEqual({
      state: 'awaiting',
      method: 'mtn_momo',
      total_amount: 12375,
    });
    expect(displayPaymentOf({ ...sale, payment_method: 'card', payment_status: 'failed' })).toEqual({
      state: 'failed',
      method: 'card',
      message: 'Payment failed. Please try again.',
    });
    expect(displayPaymentOf({ ...sale, payment_status: 'refunded' })).toEqual({ state: 'idle' });
  });

  it('tells the customer where to approve: phone for mobile money, terminal for a card', () => {
    expect(awaitingInstruction('telecel_cash')).toBe('Please approve the payment on your phone.');
    expect(awaitingInstruction('card')).toBe('Please use the payment terminal to complete the transaction.');
  });
});

describe('cross-window messages', () => {
  it('are read only when they are one of ours', () => {
    expect(parseDisplayMessage({ type: 'customer-display-ready' })).toEqual({
      type: 'customer-display-ready',
    });
    expect(parseDisplayMessage({ type: 'cart-update', cart: {} })).toBeNull();
    expect(parseDisplayMessage('hello')).toBeNull();
  });

  it('travel on a channel of one business', () => {
    expect(displayChannelName('kofi-mart')).not.toBe(displayChannelName('demo'));
  });
});
