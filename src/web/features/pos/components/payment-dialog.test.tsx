// Offline sales go to the till's outbox (IndexedDB).
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addToCart, type Cart, cartTotals, EMPTY_CART } from '#domain/cart.ts';
import type { Sale } from '#domain/schemas/sales.ts';
import { errorResponse, fakeApi, jsonResponse } from '#web/testing/fake-api.ts';
import { meFixture } from '#web/testing/fixtures.ts';
import { renderInBusiness } from '#web/testing/render.tsx';
import { sampleSale } from '../testing/sample-sale.ts';
import { PaymentDialog } from './payment-dialog.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const water = {
  id: '1c7a8b9c-5b2d-4f64-8e1b-2a3b4c5d6e7f',
  name: 'Voltic 1.5L',
  price: 600,
  tax_rate: 0,
  stock_quantity: 96,
};
const milo = {
  id: '0b6f7f8e-4a1c-4e53-9d0a-1f2e3d4c5b6a',
  name: 'Milo 400g Tin',
  price: 5500,
  tax_rate: 12.5,
  stock_quantity: 18,
};

function cartOfTwo(): Cart {
  const first = addToCart(EMPTY_CART, water);
  if (!first.ok) throw new Error('setup');
  const second = addToCart(first.cart, milo);
  if (!second.ok) throw new Error('setup');
  return second.cart;
}

function renderDialog(options: { open?: boolean } = {}) {
  const cart = cartOfTwo();
  const total = cartTotals(cart).total_amount; // ₵67.88
  const onSaleCreated = vi.fn<(sale: Sale) => void>();
  const onFinished = vi.fn<(sale: Sale) => void>();
  const onOpenChange = vi.fn<(open: boolean) => void>();
  const onRestoreCart = vi.fn<(cart: Cart) => void>();
  const ui = (open: boolean) => (
    <PaymentDialog
      open={open}
      onOpenChange={onOpenChange}
      cart={cart}
      total={total}
      onSaleCreated={onSaleCreated}
      onFinished={onFinished}
      onRestoreCart={onRestoreCart}
    />
  );
  const view = renderInBusiness(ui(options.open ?? true));
  return {
    ...view,
    total,
    onSaleCreated,
    onFinished,
    onOpenChange,
    onRestoreCart,
    reopen: (open: boolean) => view.rerender(ui(open)),
  };
}

const SALES = 'POST /api/v1/sales';
const received = () => screen.getByLabelText('Amount received (₵)') as HTMLInputElement;
const typeReceived = (value: string) => fireEvent.change(received(), { target: { value } });
const completeButton = () => screen.getByRole('button', { name: /Complete sale/ });

describe('cash payment dialog (operations §4, §5)', () => {
  it('opens idle on cash with the amount field focused and the quick amounts', () => {
    renderDialog();
    expect(screen.getByRole('button', { name: 'Cash', pressed: true })).toBeTruthy();
    expect(document.activeElement).toBe(received());
    expect(received().value).toBe('');
    const quick = screen.getByRole('group', { name: 'Quick amounts' });
    expect([...quick.querySelectorAll('button')].map((button) => button.textContent)).toEqual([
      'Exact ₵67.88',
      '₵70.00',
      '₵80.00',
      '₵100.00',
    ]);
  });

  it('blocks an amount below the total with "Insufficient amount. Need ₵X more." and sends nothing', () => {
    const api = fakeApi();
    renderDialog();
    typeReceived('50');
    expect(screen.getByText('Insufficient amount. Need ₵17.88 more.')).toBeTruthy();
    expect((completeButton() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(received().closest('form')!);
    expect(api.callsTo(SALES)).toHaveLength(0);
  });

  it('says what is needed when nothing was typed', () => {
    const api = fakeApi();
    renderDialog();
    fireEvent.click(completeButton());
    expect(screen.getByText('Insufficient amount. Need ₵67.88 more.')).toBeTruthy();
    expect(api.callsTo(SALES)).toHaveLength(0);
  });

  it('shows the change, and a quick amount fills the field', () => {
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: '₵100.00' }));
    expect(received().value).toBe('100.00');
    expect(screen.getByText('Change: ₵32.12')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Exact ₵67.88' }));
    expect(screen.getByText('Change: ₵0.00')).toBeTruthy();
  });

  it('completes: one request with an Idempotency-Key, the cart cleared, closed 2 s later', async () => {
    const sale = sampleSale({ total_amount: 6788, amount_paid: 10_000, change_given: 3212 });
    let release: (response: Response) => void = () => {};
    const api = fakeApi({ [SALES]: () => new Promise<Response>((resolve) => (release = resolve)) });
    const { onSaleCreated, onFinished } = renderDialog();
    typeReceived('100');
    // A double click sends one request; so does a click while the first runs.
    const button = completeButton();
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.click(await screen.findByRole('button', { name: /Processing/ }));
    await waitFor(() => expect(api.callsTo(SALES)).not.toHaveLength(0));
    expect(api.callsTo(SALES)).toHaveLength(1);
    const [request] = api.callsTo(SALES);
    expect(request!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    // The key is also the sale's own id, so a sale that falls back to the offline outbox is recorded once.
    expect(request!.body).toEqual({
      id: request!.headers.get('Idempotency-Key'),
      items: [
        { product_id: water.id, quantity: 1 },
        { product_id: milo.id, quantity: 1 },
      ],
      payments: [{ method: 'cash', amount: 6788, amount_tendered: 10_000 }],
    });

    vi.useFakeTimers({ shouldAdvanceTime: true });
    release(jsonResponse(201, { sale }));
    expect(await screen.findByText('Payment completed successfully!')).toBeTruthy();
    expect(screen.getByTestId('change-given').textContent).toBe('₵32.12');
    expect(onSaleCreated).toHaveBeenCalledWith(sale);
    expect(onFinished).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1900));
    expect(onFinished).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(200));
    expect(onFinished).toHaveBeenCalledWith(sale);
  });

  it('fails with "Payment failed. Please try again." and retries with the same key', async () => {
    const sale = sampleSale();
    const answers = [errorResponse(503, 'UNAVAILABLE', 'Service unavailable'), jsonResponse(200, { sale })];
    const api = fakeApi({ [SALES]: () => answers.shift() });
    const { onSaleCreated } = renderDialog();
    typeReceived('70');
    fireEvent.click(completeButton());
    expect(await screen.findByText('Payment failed. Please try again.')).toBeTruthy();
    expect(screen.getByText('Service unavailable')).toBeTruthy();
    expect(onSaleCreated).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(received().value).toBe('70');
    fireEvent.click(completeButton());
    await screen.findByText('Payment completed successfully!');
    const keys = api.callsTo(SALES).map((request) => request.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('asks a manager to approve a discount above the limit with their PIN, then completes the same sale', async () => {
    const sale = sampleSale();
    const limit = "Discounts above 10% need a manager's or owner's approval";
    const answers = [
      errorResponse(403, 'DISCOUNT_APPROVAL_REQUIRED', limit, { approver_pin: limit }),
      errorResponse(403, 'APPROVER_PIN_INVALID', 'That PIN does not belong to an active manager or owner'),
      jsonResponse(201, { sale }),
    ];
    const api = fakeApi({ [SALES]: () => answers.shift() });
    const { onSaleCreated } = renderDialog();
    typeReceived('70');
    fireEvent.click(completeButton());
    const dialog = await screen.findByRole('dialog', { name: 'Discount needs approval' });
    expect(dialog.textContent).toContain(limit);
    const pin = screen.getByLabelText('Approver PIN');
    fireEvent.change(pin, { target: { value: '1111a11' } });
    expect((pin as HTMLInputElement).value).toBe('111111');
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('That PIN does not belong to an active manager or owner')).toBeTruthy();
    fireEvent.change(pin, { target: { value: '246810' } });
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await screen.findByText('Payment completed successfully!');
    expect(onSaleCreated).toHaveBeenCalledWith(sale);
    const bodies = api.callsTo(SALES).map((request) => request.body as { approver_pin?: string });
    expect(bodies.map((body) => body.approver_pin)).toEqual([undefined, '111111', '246810']);
  });

  it('a card payment waits for the terminal (pending) with the spec texts', async () => {
    const sale = sampleSale({
      payment_status: 'pending',
      payment_method: 'card',
      payments: [
        {
          id: '6a1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
          method: 'card',
          amount: 6788,
          amount_tendered: null,
          status: 'pending',
          reference: null,
        },
      ],
    });
    const api = fakeApi({ [SALES]: () => jsonResponse(201, { sale }) });
    const { onSaleCreated } = renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Card' }));
    expect(screen.queryByLabelText('Amount received (₵)')).toBeNull();
    fireEvent.click(completeButton());
    expect(
      await screen.findByText('Transaction created. Payment confirmation will update automatically.'),
    ).toBeTruthy();
    expect(screen.getByText('Please use the payment terminal to complete the transaction.')).toBeTruthy();
    expect(onSaleCreated).toHaveBeenCalledWith(sale);
    expect(api.callsTo(SALES)[0]!.body).toMatchObject({ payments: [{ method: 'card', amount: 6788 }] });
  });

  it('splits the payment between mobile money and cash, completing only when covered', async () => {
    const api = fakeApi({
      [SALES]: () => jsonResponse(201, { sale: sampleSale({ payment_status: 'pending' }) }),
      'GET /api/v1/sales/5f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b': () => ({
        sale: sampleSale({ payment_status: 'pending' }),
      }),
    });
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Split payment' }));
    expect(screen.getByTestId('split-remaining').textContent).toBe('₵67.88');
    fireEvent.click(screen.getByRole('button', { name: 'MTN MoMo' }));
    fireEvent.change(screen.getByLabelText('Amount (₵)'), { target: { value: '40' } });
    // Mobile money needs the customer's number first.
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByText("Enter the customer's mobile money number")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Customer's mobile money number"), {
      target: { value: '024 123 4567' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByTestId('split-remaining').textContent).toBe('₵27.88');
    expect((completeButton() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Cash' }));
    fireEvent.change(screen.getByLabelText('Amount (₵)'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByTestId('split-remaining').textContent).toBe('₵0.00');
    expect(screen.getByText('₵2.12')).toBeTruthy(); // change on the ₵30 note
    fireEvent.click(completeButton());
    await screen.findByText('Waiting for payment');
    const posts = api.callsTo(SALES);
    expect(posts).toHaveLength(1);
    expect((posts[0]!.body as { payments: unknown }).payments).toEqual([
      { method: 'mtn_momo', amount: 4000, phone: '+233241234567' },
      { method: 'cash', amount: 2788, amount_tendered: 3000 },
    ]);
  });

  it('offers no mobile money when the shop has mobile payments turned off, not even for a part', async () => {
    const me = meFixture('cashier');
    me.business.pos_features = ['inventory_management', 'customer_management'];
    fakeApi({ 'GET /api/v1/session': () => ({ me }) });
    renderDialog();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'MTN MoMo' })).toBeNull());
    const offered = () =>
      within(screen.getAllByRole('group', { name: /Payment method|Method of this part/ }).at(-1)!)
        .getAllByRole('button')
        .map((button) => button.textContent);
    expect(offered()).toEqual(['Cash', 'Card']);
    fireEvent.click(screen.getByRole('button', { name: 'Split payment' }));
    expect(offered()).toEqual(['Cash', 'Card']);
  });

  it('reopening starts again at idle, cash, empty inputs', () => {
    const { reopen } = renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Telecel Cash' }));
    reopen(false);
    reopen(true);
    expect(screen.getByRole('button', { name: 'Cash', pressed: true })).toBeTruthy();
    expect(received().value).toBe('');
  });

  const METHODS = 'GET /api/v1/payments/methods';
  const SALE_ID = '5f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b';
  const momoPayment = (overrides: Partial<Sale['payments'][number]> = {}): Sale['payments'][number] => ({
    id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    method: 'mtn_momo',
    amount: 6788,
    amount_tendered: null,
    status: 'pending',
    reference: null,
    provider: 'sandbox',
    provider_reference: 'AKW-0123456789abcdef01234567',
    phone: '+233241234567',
    next_action: 'pay_offline',
    display_text: 'Waiting for the customer to approve on the sandbox phone page',
    failure_reason: null,
    flag: null,
    is_confirmed_by_cashier: false,
    ...overrides,
  });

  it('says why a method has no provider and will not send it', async () => {
    const api = fakeApi({
      [METHODS]: () => ({
        provider: 'manual',
        mode: 'test',
        methods: [
          { method: 'cash', available: true, reason: null },
          {
            method: 'card',
            available: false,
            reason: 'No card provider: manual mobile money takes no cards.',
          },
          { method: 'mtn_momo', available: true, reason: null },
          { method: 'telecel_cash', available: true, reason: null },
          { method: 'airteltigo_money', available: true, reason: null },
        ],
        merchant: { number: '+233245550101', name: 'Kofi Mart' },
      }),
    });
    renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: /^Card\s*Not set up/ }));
    expect(screen.getByText('No card provider: manual mobile money takes no cards.')).toBeTruthy();
    expect((completeButton() as HTMLButtonElement).disabled).toBe(true);
    // Manual mobile money: the shop's number, and the SMS transaction ID before anything is sent.
    fireEvent.click(screen.getByRole('button', { name: 'MTN MoMo' }));
    expect(screen.getByText('024 555 0101')).toBeTruthy();
    fireEvent.click(completeButton());
    expect(screen.getByText("Enter the transaction ID from the customer's confirmation SMS")).toBeTruthy();
    expect(api.callsTo(SALES)).toHaveLength(0);
  });

  it('sends the MoMo number with the network its prefix names, then waits with the sandbox page, check and cancel', async () => {
    const pending = sampleSale({ id: SALE_ID, payment_status: 'pending', payments: [momoPayment()] });
    // The server's sale as it stands: the check and the cancel change it, a read returns it.
    let current = pending;
    const api = fakeApi({
      [SALES]: () => jsonResponse(201, { sale: pending }),
      [`GET /api/v1/sales/${SALE_ID}`]: () => ({ sale: current }),
      [`POST /api/v1/sales/${SALE_ID}/payment/check`]: () => {
        current = {
          ...pending,
          payments: [
            momoPayment({
              display_text: 'No answer from the payment provider yet. Check again, or cancel the sale.',
            }),
          ],
        };
        return { sale: current };
      },
      [`POST /api/v1/sales/${SALE_ID}/payment/cancel`]: () => {
        current = {
          ...pending,
          payment_status: 'cancelled',
          payments: [momoPayment({ status: 'failed', failure_reason: 'Cancelled by the cashier' })],
        };
        return { sale: current };
      },
    });
    const { onRestoreCart } = renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Telecel Cash' }));
    fireEvent.change(screen.getByLabelText("Customer's mobile money number"), {
      target: { value: '0241234567' },
    });
    // 024 is MTN: the method follows, and may still be changed.
    expect(screen.getByRole('button', { name: 'MTN MoMo', pressed: true })).toBeTruthy();
    fireEvent.click(completeButton());
    await screen.findByText('Waiting for payment');
    expect(api.callsTo(SALES)[0]!.body).toMatchObject({
      payments: [{ method: 'mtn_momo', amount: 6788, phone: '+233241234567' }],
    });
    expect(screen.getByText('Ask the customer to approve ₵67.88 MTN MoMo on 024 123 4567.')).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'QR code of the sandbox payment page' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the sandbox payment page' }).getAttribute('href')).toBe(
      `${window.location.origin}/pay/sandbox/AKW-0123456789abcdef01234567`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await screen.findByText(/No answer from the payment provider yet/);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel sale' }));
    await screen.findByRole('heading', { name: 'Sale cancelled' });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    // The cart comes back for a new sale.
    expect(onRestoreCart).toHaveBeenCalledTimes(1);
    expect(completeButton()).toBeTruthy();
  });

  it('asks for the code the customer received and sends it', async () => {
    const pending = sampleSale({
      id: SALE_ID,
      payment_status: 'pending',
      payments: [
        momoPayment({
          provider: 'paystack',
          next_action: 'send_otp',
          display_text: 'Please enter the OTP sent to your phone',
        }),
      ],
    });
    let current = pending;
    const api = fakeApi({
      [SALES]: () => jsonResponse(201, { sale: pending }),
      [`GET /api/v1/sales/${SALE_ID}`]: () => ({ sale: current }),
      [`POST /api/v1/sales/${SALE_ID}/payments/7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d/otp`]: () => {
        current = {
          ...pending,
          payment_status: 'completed',
          payments: [momoPayment({ status: 'completed', next_action: null })],
        };
        return { sale: current };
      },
    });
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'MTN MoMo' }));
    fireEvent.change(screen.getByLabelText("Customer's mobile money number"), {
      target: { value: '0241234111' },
    });
    fireEvent.click(completeButton());
    fireEvent.change(await screen.findByLabelText('Code the customer received'), {
      target: { value: '123456' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByText('Payment completed successfully!');
    expect(
      api.callsTo(`POST /api/v1/sales/${SALE_ID}/payments/7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d/otp`)[0]!.body,
    ).toEqual({
      otp: '123456',
    });
  });
});

describe('payment dialog offline (issue 15)', () => {
  const METHODS = 'GET /api/v1/payments/methods';
  const manualMethods = {
    provider: 'manual',
    mode: 'live',
    methods: [
      { method: 'cash', available: true, reason: null },
      { method: 'card', available: false, reason: 'No card provider: manual mobile money takes no cards.' },
      { method: 'mtn_momo', available: true, reason: null },
      { method: 'telecel_cash', available: true, reason: null },
      { method: 'airteltigo_money', available: true, reason: null },
    ],
    merchant: { number: '+233245550101', name: 'Kofi Mart' },
  };

  function goOffline() {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
  }
  afterEach(() => {
    vi.restoreAllMocks();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
  });

  it('takes manual mobile money with its transaction ID and completes the sale on the till', async () => {
    const api = fakeApi({ [METHODS]: () => manualMethods });
    goOffline();
    const { onSaleCreated, total } = renderDialog();
    // Card needs the internet; MoMo to the shop's number does not.
    fireEvent.click(await screen.findByRole('button', { name: 'MTN MoMo' }));
    expect(screen.getByRole('button', { name: /^Card\s*Needs internet/ })).toBeTruthy();
    expect(screen.getByText('024 555 0101')).toBeTruthy();
    fireEvent.click(completeButton());
    expect(screen.getByText("Enter the transaction ID from the customer's confirmation SMS")).toBeTruthy();
    expect(onSaleCreated).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Transaction ID from the SMS'), {
      target: { value: 'MP241124.0930.B71234' },
    });
    fireEvent.click(completeButton());
    expect(await screen.findByText('Payment completed successfully!')).toBeTruthy();
    expect(screen.getByText(/mobile money confirmed by cashier/)).toBeTruthy();
    const sale = onSaleCreated.mock.calls[0]![0];
    expect(sale.receipt_number).toMatch(/^OFF-/);
    expect(sale.amount_paid).toBe(total);
    expect(sale.payments).toMatchObject([
      { method: 'mtn_momo', amount: total, status: 'completed', reference: 'MP241124.0930.B71234' },
    ]);
    expect(api.callsTo('POST /api/v1/sales')).toHaveLength(0);
  });

  it('keeps mobile money through a provider disabled, with why', async () => {
    const api = fakeApi({
      [METHODS]: () => ({
        ...manualMethods,
        provider: 'sandbox',
        mode: 'test',
        methods: manualMethods.methods.map((entry) => ({ ...entry, available: true, reason: null })),
        merchant: null,
      }),
    });
    goOffline();
    renderDialog();
    await waitFor(() => expect(api.callsTo(METHODS)).toHaveLength(1));
    await act(async () => {});
    fireEvent.click(screen.getByRole('button', { name: /^MTN MoMo\s*Needs internet/ }));
    expect(screen.getByText(/card and mobile money prompts can’t be sent offline/)).toBeTruthy();
    expect(screen.queryByLabelText('Transaction ID from the SMS')).toBeNull();
    expect((completeButton() as HTMLButtonElement).disabled).toBe(true);
  });
});
