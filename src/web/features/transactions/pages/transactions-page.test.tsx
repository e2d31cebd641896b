import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, fakeApi, jsonResponse } from '#web/testing/fake-api.ts';
import { historySaleFixture } from '#web/testing/fixtures.ts';
import { renderPage } from '#web/testing/render.tsx';
import { TransactionsPage } from './transactions-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LIST = 'GET /api/v1/transactions';
const SUMMARY = 'GET /api/v1/transactions/summary';
const summary = {
  total_transactions: 2,
  today_sales: 14_175,
  today_count: 1,
  total_revenue: 8000,
  refund_count: 1,
};

describe('Transaction History (operations §2)', () => {
  it('shows 5 skeletons while loading, then rows with their badges and a refund negative', async () => {
    const sale = historySaleFixture({ refunded_amount: 6175 });
    const refund = historySaleFixture({
      id: '9a1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
      receipt_number: 'REF-1732212345999-ZZZZZZ',
      transaction_type: 'refund',
      total_amount: -6175,
      original_transaction_id: sale.id,
      original_receipt_number: sale.receipt_number,
    });
    let answer: (value: unknown) => void = () => {};
    fakeApi({
      [LIST]: () => new Promise((resolve) => (answer = resolve)),
      [SUMMARY]: () => summary,
    });
    renderPage(<TransactionsPage />, '/app/transactions');
    expect(screen.getAllByTestId('transaction-skeleton')).toHaveLength(5);
    answer({ transactions: [refund, sale], next_cursor: null });
    const rows = await screen.findAllByTestId('transaction-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Refund')).toBeTruthy();
    expect(within(rows[0]!).getByText('-₵61.75')).toBeTruthy();
    expect(within(rows[1]!).getByText('Completed')).toBeTruthy();
    expect(within(rows[1]!).getByText('Partly refunded')).toBeTruthy();
    expect(await screen.findByText('₵80.00')).toBeTruthy();
  });

  it('sends the filters of the address and a quick range, and pages with the cursor', async () => {
    const api = fakeApi({
      'GET /api/v1/transactions/cashiers': () => ({
        cashiers: [{ id: '4d1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b', name: 'Ama Darko' }],
      }),
      [LIST]: ({ url }) =>
        url.searchParams.get('cursor')
          ? {
              transactions: [historySaleFixture({ id: '9b1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b' })],
              next_cursor: null,
            }
          : {
              transactions: [historySaleFixture()],
              next_cursor: '2026-11-22T10:00:00.000000Z_5f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
            },
      [SUMMARY]: () => summary,
    });
    renderPage(<TransactionsPage />, '/app/transactions', {
      initialEntry: '/app/transactions?payment_method=cash&payment_status=lost',
    });
    await screen.findAllByTestId('transaction-row');
    const first = api.callsTo(LIST)[0]!.url.searchParams;
    expect(first.get('payment_method')).toBe('cash');
    expect(first.has('payment_status')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('transaction-row')).toHaveLength(2));
    expect(api.callsTo(LIST).at(-1)!.url.searchParams.get('cursor')).toMatch(/^2026-11-22T10/);
    fireEvent.change(await screen.findByLabelText('Cashier'), {
      target: { value: '4d1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b' },
    });
    await waitFor(() =>
      expect(api.callsTo(LIST).at(-1)!.url.searchParams.get('cashier_id')).toBe(
        '4d1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() =>
      expect(api.callsTo(LIST).at(-1)!.url.searchParams.get('date_from')).toMatch(/^\d{4}-\d{2}-\d{2}$/),
    );
  });

  it("says 'No transactions found' and 'Error Loading Transactions'", async () => {
    fakeApi({ [LIST]: () => ({ transactions: [], next_cursor: null }), [SUMMARY]: () => summary });
    renderPage(<TransactionsPage />, '/app/transactions');
    expect(await screen.findByText('No transactions found')).toBeTruthy();
    cleanup();
    fakeApi({
      [LIST]: () => errorResponse(500, 'INTERNAL', 'Something went wrong'),
      [SUMMARY]: () => summary,
    });
    renderPage(<TransactionsPage />, '/app/transactions');
    expect(await screen.findByText('Error Loading Transactions')).toBeTruthy();
  });

  it('refunds one unit of a line after confirming, asking for a manager PIN when the server wants one', async () => {
    const sale = historySaleFixture();
    const refund = historySaleFixture({
      id: '9a1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
      receipt_number: 'REF-1732212345999-ZZZZZZ',
      transaction_type: 'refund',
      total_amount: -6188,
    });
    const answers = [
      errorResponse(403, 'APPROVAL_REQUIRED', 'A manager or owner must approve this with their PIN'),
      jsonResponse(201, { refund, original: sale, cash_to_return: 6188, note: null }),
    ];
    const api = fakeApi({
      [LIST]: () => ({ transactions: [sale], next_cursor: null }),
      [SUMMARY]: () => summary,
      [`GET /api/v1/transactions/${sale.id}`]: () => ({ transaction: sale }),
      [`POST /api/v1/transactions/${sale.id}/refund`]: () => answers.shift(),
    });
    renderPage(<TransactionsPage />, '/app/transactions');
    fireEvent.click(within(await screen.findByTestId('transaction-row')).getByRole('button'));
    const details = await screen.findByRole('dialog', { name: `Transaction ${sale.receipt_number}` });
    fireEvent.click(within(details).getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: `Refund ${sale.receipt_number}` });
    const quantities = within(dialog).getAllByLabelText('Quantity');
    fireEvent.change(quantities[0]!, { target: { value: '1' } });
    for (const input of quantities.slice(1)) fireEvent.change(input, { target: { value: '0' } });
    fireEvent.click(within(dialog).getAllByLabelText('Back in stock')[0]!);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund 1 item' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm refund' }));
    const approval = await screen.findByRole('dialog', { name: 'Manager approval needed' });
    fireEvent.change(within(approval).getByLabelText('Approver PIN'), { target: { value: '222222' } });
    fireEvent.click(within(approval).getByRole('button', { name: 'Approve' }));
    await screen.findByRole('dialog', { name: `Receipt ${refund.receipt_number}` });
    const bodies = api.callsTo(`POST /api/v1/transactions/${sale.id}/refund`).map((call) => call.body);
    expect(bodies).toEqual([
      { lines: [{ item_id: sale.items[0]!.id, quantity: 1, restock: false }] },
      { lines: [{ item_id: sale.items[0]!.id, quantity: 1, restock: false }], approver_pin: '222222' },
    ]);
  });
});
