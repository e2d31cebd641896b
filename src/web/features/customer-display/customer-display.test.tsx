import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type DisplayMessage, displayChannelName, EMPTY_DISPLAY_CART } from '#domain/customer-display.ts';
import { errorResponse, fakeApi } from '#web/testing/fake-api.ts';
import { TEST_BUSINESS } from '#web/testing/fixtures.ts';
import { renderPage } from '#web/testing/render.tsx';
import CustomerDisplayPage from './index.tsx';

const TILL_ID = '6f1f3c1e-2a4b-4c5d-8e9f-0a1b2c3d4e5f';
const PAIRING_ID = '0b9e8d7c-6b5a-4c3d-9e2f-1a0b9c8d7e6f';
const shop = { name: 'Kofi Mart', logo_url: null };
const cart = {
  lines: [
    {
      product_id: 'p1',
      name: 'Milo 400g Tin',
      quantity: 2,
      unit_price: 5500,
      discount_amount: 500,
      line_total: 11000,
    },
  ],
  item_count: 2,
  subtotal: 11000,
  tax_amount: 1375,
  discount_amount: 500,
  total_amount: 11875,
};

let till: BroadcastChannel;
let heard: DisplayMessage[];

beforeEach(() => {
  heard = [];
  till = new BroadcastChannel(displayChannelName(TEST_BUSINESS.slug));
  till.onmessage = (event) => heard.push(event.data as DisplayMessage);
});
afterEach(() => {
  till.close();
  cleanup();
  vi.unstubAllGlobals();
  localStorage.removeItem(`pos-till-id:${TEST_BUSINESS.slug}`);
});

function notPaired() {
  return fakeApi({
    'GET /api/v1/display-pairing': () =>
      errorResponse(401, 'DISPLAY_NOT_PAIRED', 'This display is not paired with a till.'),
  });
}

const send = (message: DisplayMessage) => act(() => till.postMessage(message));
/** The display listens once it has said it is ready (as the till sees it). */
const displayReady = () => waitFor(() => expect(heard).toContainEqual({ type: 'customer-display-ready' }));

describe('customer display in the till browser (operations §2, §4)', () => {
  beforeEach(() => localStorage.setItem(`pos-till-id:${TEST_BUSINESS.slug}`, TILL_ID));

  it('asks the till for the current state, then shows the welcome, the items and the totals it is sent', async () => {
    notPaired();
    renderPage(<CustomerDisplayPage />, '/app/customer-display');
    await screen.findByText('Connecting to the till…');
    await waitFor(() => expect(heard).toContainEqual({ type: 'customer-display-ready' }));

    send({ type: 'customer-display-init', cart: EMPTY_DISPLAY_CART, shop, status: { state: 'idle' } });
    await screen.findByRole('heading', { name: 'Akwaaba!' });
    expect(screen.getByText('Welcome to Kofi Mart')).toBeTruthy();

    send({ type: 'cart-update', cart, shop });
    const items = await screen.findByRole('region', { name: 'Items' });
    expect(within(items).getByText('Milo 400g Tin')).toBeTruthy();
    expect(within(items).getByText('2 × ₵55.00')).toBeTruthy();
    expect(within(items).getByText('Discount −₵5.00')).toBeTruthy();
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('₵13.75')).toBeTruthy();
    expect(within(totals).getByText('₵118.75')).toBeTruthy();
  });

  it('shows the payment as the till sees it: awaiting the phone or the terminal, completed with change, failed', async () => {
    notPaired();
    renderPage(<CustomerDisplayPage />, '/app/customer-display');
    await displayReady();
    send({ type: 'cart-update', cart: EMPTY_DISPLAY_CART, shop });
    await screen.findByRole('heading', { name: 'Akwaaba!' });
    const status = (state: DisplayMessage & { type: 'transaction-status' }) => send(state);

    status({
      type: 'transaction-status',
      status: { state: 'awaiting', method: 'mtn_momo', total_amount: 11875 },
      timestamp: 't',
    });
    await screen.findByText('Waiting for payment');
    expect(screen.getByText('MTN MoMo: Please approve the payment on your phone.')).toBeTruthy();

    // Manual mobile money: the shop's number to send the money to.
    status({
      type: 'transaction-status',
      status: {
        state: 'awaiting',
        method: 'mtn_momo',
        total_amount: 11875,
        merchant: { number: '+233245550101', name: 'Kofi Mart' },
      },
      timestamp: 't',
    });
    await screen.findByText(
      'MTN MoMo: Send the money by MoMo to 024 555 0101 (Kofi Mart), then show the cashier your confirmation SMS.',
    );

    status({
      type: 'transaction-status',
      status: { state: 'awaiting', method: 'card', total_amount: 11875 },
      timestamp: 't',
    });
    await screen.findByText('Card: Please use the payment terminal to complete the transaction.');

    status({
      type: 'transaction-status',
      status: { state: 'failed', method: 'card', message: 'x' },
      timestamp: 't',
    });
    await screen.findByText('Payment failed. Please try again.');

    status({
      type: 'transaction-status',
      status: {
        state: 'completed',
        method: 'cash',
        receipt_number: 'RCP-1',
        total_amount: 11875,
        amount_paid: 12000,
        change_due: 125,
      },
      timestamp: 't',
    });
    await screen.findByText('Payment completed successfully!');
    expect(screen.getByText('Change due ₵1.25')).toBeTruthy();

    // The next customer's first item replaces the thanks.
    send({ type: 'cart-update', cart, shop });
    await screen.findByRole('region', { name: 'Items' });
  });

  it('says when the till closes, tells the till when it goes, and closes when the till asks', async () => {
    notPaired();
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    const view = renderPage(<CustomerDisplayPage />, '/app/customer-display');
    await displayReady();
    send({ type: 'cart-update', cart, shop });
    await screen.findByRole('region', { name: 'Items' });
    send({ type: 'till-closed' });
    await screen.findByText('The till is closed. This screen updates when it opens again.');
    // The till comes back: it sends its state, and hears that a display is open.
    heard = [];
    send({ type: 'customer-display-init', cart, shop, status: { state: 'idle' } });
    await waitFor(() => expect(heard).toContainEqual({ type: 'customer-display-ready' }));
    expect(screen.queryByText('The till is closed. This screen updates when it opens again.')).toBeNull();
    send({ type: 'customer-display-close' });
    await waitFor(() => expect(close).toHaveBeenCalled());
    view.unmount();
    await waitFor(() => expect(heard).toContainEqual({ type: 'customer-display-closed' }));
  });

  it('updates its clock each second', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-23T10:00:00Z') });
    try {
      notPaired();
      renderPage(<CustomerDisplayPage />, '/app/customer-display');
      await displayReady();
      send({ type: 'cart-update', cart: EMPTY_DISPLAY_CART, shop });
      const clock = await screen.findByText(/^\d\d:\d\d:\d\d$/);
      const before = clock.textContent;
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000);
      });
      expect(screen.getByText(/^\d\d:\d\d:\d\d$/).textContent).not.toBe(before);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('customer display on another device', () => {
  it('offers the pairing form, says when a code is wrong, and follows the till once paired', async () => {
    const opened: string[] = [];
    vi.stubGlobal(
      'EventSource',
      class {
        readyState = 0;
        onopen = null;
        onmessage = null;
        onerror = null;
        constructor(url: string) {
          opened.push(url);
        }
        close() {}
      },
    );
    const api = notPaired();
    api.on('POST /api/v1/display-pairing/claim', (request) =>
      (request.body as { code: string }).code === '123456'
        ? { pairing_id: PAIRING_ID, till_id: TILL_ID }
        : errorResponse(
            404,
            'PAIRING_CODE_INVALID',
            'That code is not valid or has expired. Ask the cashier for a new one.',
          ),
    );
    renderPage(<CustomerDisplayPage />, '/app/customer-display');
    const form = await screen.findByRole('form', { name: 'Pair this display' });
    const code = within(form).getByLabelText('Pairing code');
    fireEvent.change(code, { target: { value: '12a' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Pair display' }));
    await within(form).findByText('Enter the 6-digit code shown on the till');
    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Pair display' }));
    await within(form).findByText('That code is not valid or has expired. Ask the cashier for a new one.');
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Pair display' }));
    await screen.findByText('Connecting to the till…');
    expect(opened).toEqual([`/api/v1/events?business=${TEST_BUSINESS.slug}&display=${TILL_ID}`]);
  });
});
