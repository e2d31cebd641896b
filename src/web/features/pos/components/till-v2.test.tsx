import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type DisplayMessage, displayChannelName } from '#domain/customer-display.ts';
import { InterfaceVersionProvider, useInterfaceVersion } from '#web/lib/interface-version.tsx';
import { fakeApi } from '#web/testing/fake-api.ts';
import { meFixture, posProductFixture, TEST_BUSINESS } from '#web/testing/fixtures.ts';
import { renderPage } from '#web/testing/render.tsx';
import PosPage from '../index.tsx';
import { cartStorageKey } from '../lib/cart-storage.ts';
import { sampleSale } from '../testing/sample-sale.ts';

const TILL_ID = '6f1f3c1e-2a4b-4c5d-8e9f-0a1b2c3d4e5f';
const water = posProductFixture({ name: 'Voltic Mineral Water 1.5L', price: 600, stock_quantity: 96 });
const fiveLeft = posProductFixture({
  name: 'Alvaro Pear 330ml',
  price: 900,
  stock_quantity: 5,
  min_stock_level: 2,
});
const sixLeft = posProductFixture({
  name: 'Sprite 500ml',
  price: 850,
  stock_quantity: 6,
  min_stock_level: 2,
});

let channel: BroadcastChannel;
let received: DisplayMessage[];

beforeEach(() => {
  localStorage.removeItem(cartStorageKey(TEST_BUSINESS.slug));
  localStorage.setItem(`pos-till-id:${TEST_BUSINESS.slug}`, TILL_ID);
  localStorage.setItem('pos-interface-version', 'v2');
  received = [];
  channel = new BroadcastChannel(displayChannelName(TEST_BUSINESS.slug));
  channel.onmessage = (event) => received.push(event.data as DisplayMessage);
});
afterEach(() => {
  channel.close();
  cleanup();
  vi.unstubAllGlobals();
  localStorage.removeItem('pos-interface-version');
});

function stubApi(role: 'owner' | 'cashier' = 'owner') {
  return fakeApi({
    'GET /api/v1/session': () => ({ me: meFixture(role) }),
    'GET /api/v1/pos/products': () => ({ products: [water, fiveLeft, sixLeft], has_more: false }),
    'GET /api/v1/pos/categories': () => ({ categories: [] }),
    'GET /api/v1/parked-carts': () => ({ parked_carts: [] }),
    [`GET /api/v1/tills/${TILL_ID}/display-pairings`]: () => ({ pending: null, displays: [] }),
  });
}

function VersionToggle() {
  const { version, setVersion } = useInterfaceVersion();
  return (
    <button type="button" onClick={() => setVersion(version === 'v2' ? 'v1' : 'v2')}>
      Toggle version
    </button>
  );
}

function renderTerminal() {
  return renderPage(
    <InterfaceVersionProvider>
      <VersionToggle />
      <PosPage />
      <Toaster />
    </InterfaceVersionProvider>,
    '/app/pos',
  );
}

const lastOf = <T extends DisplayMessage['type']>(type: T) =>
  received.filter((message): message is Extract<DisplayMessage, { type: T }> => message.type === type).at(-1);

describe('v2 dual-screen terminal (operations §2)', () => {
  it('has the display-control bar, Scan, Quick Add and the low-stock badge at 5 or less', async () => {
    stubApi();
    renderTerminal();
    await screen.findByRole('heading', { name: 'Dual-screen cashier terminal' });
    const bar = screen.getByRole('region', { name: 'Customer display' });
    expect(within(bar).getByRole('button', { name: 'Single screen' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    fireEvent.click(within(bar).getByRole('button', { name: 'Dual screen' }));
    expect(within(bar).getByRole('button', { name: 'Open customer display' })).toBeTruthy();
    expect(localStorage.getItem(`pos-display-mode:${TEST_BUSINESS.slug}`)).toBe('dual');

    const low = await screen.findByRole('button', { name: /^Add Alvaro Pear 330ml.*low stock$/ });
    expect(within(low).getByText('Low stock')).toBeTruthy();
    const six = screen.getByRole('button', { name: /^Add Sprite 500ml/ });
    expect(within(six).queryByText('Low stock')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Quick Add' }));
    await screen.findByRole('dialog', { name: 'Quick add product' });
    expect(screen.getByText('Add a product to the inventory and to this sale.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    fireEvent.click(screen.getByRole('button', { name: 'Scan' }));
    await screen.findByRole('dialog', { name: /scan/i });
  });

  it('tells a cashier who may not add products to ask a manager instead of a form', async () => {
    stubApi('cashier');
    renderTerminal();
    fireEvent.click(await screen.findByRole('button', { name: 'Quick Add' }));
    await screen.findByText('Quick Add needs a manager');
    expect(screen.queryByRole('dialog', { name: 'Quick add product' })).toBeNull();
  });

  it('sends the cart to the display on every change and answers a display that opens with everything', async () => {
    stubApi();
    renderTerminal();
    fireEvent.click(await screen.findByRole('button', { name: /^Add Voltic Mineral Water 1.5L/ }));
    await waitFor(() => expect(lastOf('cart-update')?.cart.total_amount).toBe(600));
    expect(lastOf('cart-update')).toMatchObject({
      shop: { name: 'Demo Shop', logo_url: null },
      cart: { item_count: 1, lines: [{ name: 'Voltic Mineral Water 1.5L', quantity: 1, line_total: 600 }] },
    });

    act(() => channel.postMessage({ type: 'customer-display-ready' }));
    await waitFor(() => expect(lastOf('customer-display-init')?.cart.total_amount).toBe(600));
    expect(lastOf('customer-display-init')?.status).toEqual({ state: 'idle' });
    await screen.findByText('Customer display open');
    act(() => channel.postMessage({ type: 'customer-display-closed' }));
    await screen.findByRole('button', { name: 'Pair a display' });
  });

  it('keeps the cart when switching between v1 and v2; the v1 till can open the display too', async () => {
    stubApi();
    renderTerminal();
    fireEvent.click(await screen.findByRole('button', { name: /^Add Voltic Mineral Water 1.5L/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Toggle version' }));
    await screen.findByRole('heading', { name: 'Point of sale' });
    expect(screen.getByRole('button', { name: 'Open customer display' })).toBeTruthy();
    const cart = screen.getAllByRole('list', { name: 'Cart items' })[0]!;
    expect(within(cart).getByText('Voltic Mineral Water 1.5L')).toBeTruthy();
  });

  it('says so when the browser blocks the display window (operations §8)', async () => {
    vi.stubGlobal(
      'open',
      vi.fn(() => null),
    );
    stubApi();
    renderTerminal();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const bar = await screen.findByRole('region', { name: 'Customer display' });
      fireEvent.click(within(bar).getByRole('button', { name: 'Dual screen' }));
      fireEvent.click(within(bar).getByRole('button', { name: 'Open customer display' }));
      expect(window.open).not.toHaveBeenCalled();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000);
      });
      expect(window.open).toHaveBeenCalledWith(
        '/app/customer-display?business=demo',
        'akwaaba-customer-display',
        expect.stringMatching(/^popup=yes,left=\d+,top=\d+,width=\d+,height=\d+$/),
      );
      await screen.findByText('Failed to open customer display window. Please allow popups for this site.');
      await screen.findByText('Failed to Open Display');
      expect(screen.getByText('Could not open customer display. Please check popup settings.')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends the payment to the display: awaiting while pending, then completed with the change due', async () => {
    const pending = sampleSale({
      payment_status: 'pending',
      payment_method: 'mtn_momo',
      total_amount: 600,
      amount_paid: 600,
      change_given: 0,
    });
    const api = stubApi();
    api.on('POST /api/v1/sales', () => ({ sale: pending }));
    api.on(`GET /api/v1/sales/${pending.id}`, () => ({ sale: { ...pending, payment_status: 'completed' } }));
    renderTerminal();
    fireEvent.click(await screen.findByRole('button', { name: /^Add Voltic Mineral Water 1.5L/ }));
    fireEvent.click(screen.getAllByRole('button', { name: /^Checkout/ })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Payment' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'MTN MoMo' }));
    fireEvent.change(within(dialog).getByLabelText("Customer's mobile money number"), {
      target: { value: '024 123 4567' },
    });
    fireEvent.submit(dialog.querySelector('form')!);
    await waitFor(() =>
      expect(received).toContainEqual(
        expect.objectContaining({
          type: 'transaction-status',
          status: { state: 'awaiting', method: 'mtn_momo', total_amount: 600 },
        }),
      ),
    );
    await waitFor(() => expect(lastOf('transaction-status')?.status.state).toBe('completed'), {
      timeout: 6000,
    });
    expect(lastOf('transaction-status')?.status).toMatchObject({
      receipt_number: pending.receipt_number,
      change_due: 0,
    });
    // The cart went with the sale; the display's cart is empty.
    expect(lastOf('cart-update')?.cart.lines).toEqual([]);
  });

  it("shows the shop's MoMo merchant number on the display while the cashier is on manual mobile money", async () => {
    const api = stubApi();
    api.on('GET /api/v1/payments/methods', () => ({
      provider: 'manual',
      mode: 'test',
      methods: [
        { method: 'cash', available: true, reason: null },
        { method: 'card', available: false, reason: 'No card provider: manual mobile money takes no cards.' },
        { method: 'mtn_momo', available: true, reason: null },
        { method: 'telecel_cash', available: true, reason: null },
        { method: 'airteltigo_money', available: true, reason: null },
      ],
      merchant: { number: '+233245550101', name: 'Kofi Mart' },
    }));
    renderTerminal();
    fireEvent.click(await screen.findByRole('button', { name: /^Add Voltic Mineral Water 1.5L/ }));
    fireEvent.click(screen.getAllByRole('button', { name: /^Checkout/ })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Payment' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'MTN MoMo' }));
    await within(dialog).findByText('024 555 0101');
    await waitFor(() =>
      expect(lastOf('transaction-status')?.status).toEqual({
        state: 'awaiting',
        method: 'mtn_momo',
        total_amount: 600,
        merchant: { number: '+233245550101', name: 'Kofi Mart' },
      }),
    );
    // Back to cash: the number leaves the display.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cash' }));
    await waitFor(() => expect(lastOf('transaction-status')?.status).toEqual({ state: 'idle' }));
  });

  it('opens the display by itself 1 s after a second screen is detected, on v2 only', async () => {
    const opened = vi.fn(() => ({ closed: false, close() {}, focus() {} }) as unknown as Window);
    vi.stubGlobal('open', opened);
    const width = Object.getOwnPropertyDescriptor(window.screen, 'width');
    Object.defineProperty(window.screen, 'width', { value: 3840, configurable: true });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      stubApi();
      renderTerminal();
      const bar = await screen.findByRole('region', { name: 'Customer display' });
      await within(bar).findByText(/Second screen detected/);
      expect(within(bar).getByRole('button', { name: 'Dual screen' }).getAttribute('aria-pressed')).toBe(
        'true',
      );
      expect(opened).not.toHaveBeenCalled();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000);
      });
      expect(opened).toHaveBeenCalledTimes(1);
      await within(bar).findByText(/Customer display open/);
      // The v1 till leaves it to the cashier.
      cleanup();
      opened.mockClear();
      localStorage.setItem('pos-interface-version', 'v1');
      renderTerminal();
      await screen.findByRole('heading', { name: 'Point of sale' });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1500);
      });
      expect(opened).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
      if (width) Object.defineProperty(window.screen, 'width', width);
      else Reflect.deleteProperty(window.screen, 'width');
    }
  });
});
