import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import type { CartProduct } from '#domain/cart.ts';
import { TEST_BUSINESS } from '#web/testing/fixtures.ts';
import { renderInBusiness } from '#web/testing/render.tsx';
import { type CartApi, CartProvider, useCart } from '../hooks/use-cart.tsx';
import { cartStorageKey, createCartStore } from '../lib/cart-storage.ts';
import { CartPanel } from './cart-panel.tsx';

afterEach(cleanup);

const CART_KEY = cartStorageKey(TEST_BUSINESS.slug);

const milo: CartProduct = {
  id: '0b6f7f8e-4a1c-4e53-9d0a-1f2e3d4c5b6a',
  name: 'Milo 400g Tin',
  price: 5500,
  tax_rate: 12.5,
  stock_quantity: 3,
};
const water: CartProduct = {
  id: '1c7a8b9c-5b2d-4f64-8e1b-2a3b4c5d6e7f',
  name: 'Voltic 1.5L',
  price: 600,
  tax_rate: 0,
  stock_quantity: 96,
};
const soldOut: CartProduct = {
  id: '2d8b9cad-6c3e-4075-9f2c-3b4c5d6e7f80',
  name: 'Nescafé Classic 50g',
  price: 2800,
  tax_rate: 12.5,
  stock_quantity: 0,
};

/** A storage that behaves like localStorage, fresh per test. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

let api: CartApi;
function Harness() {
  api = useCart();
  return (
    <CartPanel
      cart={api}
      customerPicker={<span>customer</span>}
      onCheckout={() => undefined}
      onPark={() => undefined}
      onClear={api.clear}
    />
  );
}

function renderPanel(storage = memoryStorage()) {
  const view = renderInBusiness(
    <CartProvider store={createCartStore(storage, CART_KEY)}>
      <Harness />
      <Toaster />
    </CartProvider>,
  );
  return { ...view, storage };
}

const line = (name: string) => screen.getByRole('listitem', { name });
const total = () => screen.getByTestId('cart-total').textContent;

describe('cart panel (operations §3 Cart, §5, §9)', () => {
  it('starts empty with checkout disabled', () => {
    renderPanel();
    expect(screen.getByText('Cart is empty')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Checkout/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows each line and the totals with per-line tax, in cedis', () => {
    renderPanel();
    act(() => {
      api.add(milo);
      api.add(water, 3);
    });
    expect(within(line('Milo 400g Tin')).getByText('₵55.00 each · tax ₵6.88')).toBeTruthy();
    expect(within(line('Voltic 1.5L')).getByText('₵18.00')).toBeTruthy();
    const totals = screen.getByLabelText('Totals');
    expect(totals.textContent).toContain('Subtotal₵73.00');
    expect(totals.textContent).toContain('Tax₵6.88');
    expect(total()).toBe('₵79.88');
  });

  it('steps quantities, refuses more than the stock with the §5 text, and removes at 0', async () => {
    renderPanel();
    act(() => void api.add(milo, 2));
    fireEvent.click(screen.getByRole('button', { name: 'One more Milo 400g Tin' }));
    expect((screen.getByLabelText('Quantity of Milo 400g Tin') as HTMLInputElement).value).toBe('3');
    fireEvent.click(screen.getByRole('button', { name: 'One more Milo 400g Tin' }));
    expect(await screen.findByText('Insufficient stock')).toBeTruthy();
    expect(screen.getByText('Only 3 units available.')).toBeTruthy();
    expect((screen.getByLabelText('Quantity of Milo 400g Tin') as HTMLInputElement).value).toBe('3');

    const quantity = screen.getByLabelText('Quantity of Milo 400g Tin');
    fireEvent.change(quantity, { target: { value: '0' } });
    fireEvent.blur(quantity);
    expect(screen.queryByRole('listitem', { name: 'Milo 400g Tin' })).toBeNull();
    expect(screen.getByText('Cart is empty')).toBeTruthy();
  });

  it('refuses an out-of-stock product with "{name} is currently out of stock."', async () => {
    renderPanel();
    act(() => void api.add(soldOut));
    expect(await screen.findByText('Out of stock')).toBeTruthy();
    expect(screen.getByText('Nescafé Classic 50g is currently out of stock.')).toBeTruthy();
    expect(screen.getByText('Cart is empty')).toBeTruthy();
  });

  it('takes line and cart discounts in cedis, never below 0 nor above what they discount', () => {
    renderPanel();
    act(() => void api.add(water, 2)); // ₵12.00, no tax
    fireEvent.click(within(line('Voltic 1.5L')).getByRole('button', { name: 'Add discount' }));
    const lineDiscount = screen.getByLabelText('Line discount (₵)');
    fireEvent.change(lineDiscount, { target: { value: '2.50' } });
    fireEvent.blur(lineDiscount);
    expect(total()).toBe('₵9.50');
    fireEvent.change(lineDiscount, { target: { value: '-4' } });
    fireEvent.blur(lineDiscount);
    expect(total()).toBe('₵9.50'); // not an amount: the field goes back
    const cartDiscount = screen.getByLabelText('Cart discount (₵)');
    fireEvent.change(cartDiscount, { target: { value: '500' } });
    fireEvent.blur(cartDiscount);
    expect(total()).toBe('₵0.00');
    expect((cartDiscount as HTMLInputElement).value).toBe('9.50');
  });

  it('survives a reload: the cart is kept under its fixed key', () => {
    const { storage, unmount } = renderPanel();
    act(() => {
      api.add(milo, 2);
      api.add(water);
    });
    expect(JSON.parse(storage.getItem(CART_KEY) ?? '{}').lines).toHaveLength(2);
    unmount();
    renderPanel(storage);
    expect(line('Milo 400g Tin')).toBeTruthy();
    expect(total()).toBe('₵129.75');
  });

  it('starts empty when the stored cart is not a cart', () => {
    const storage = memoryStorage();
    storage.setItem(CART_KEY, '{"lines":[{"product":{"id":1}}]}');
    renderPanel(storage);
    expect(screen.getByText('Cart is empty')).toBeTruthy();
  });
});
