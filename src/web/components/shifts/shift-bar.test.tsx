import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ShiftDetail, shiftDetail } from '#domain/schemas/shifts.ts';
import { useShifts } from '#web/lib/api/shifts.ts';
import { fakeApi } from '#web/testing/fake-api.ts';
import { renderInBusiness } from '#web/testing/render.tsx';
import { ShiftBar } from './shift-bar.tsx';

/** Another screen's read of the shifts, open beside the till (the shifts page in another panel, say). */
function ShiftListReader() {
  useShifts('all');
  return null;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const CURRENT = 'GET /api/v1/shifts/current';

/** An open shift, checked against the API's schema so it cannot drift from what the server sends. */
function openShiftFixture(overrides: Partial<ShiftDetail> = {}): ShiftDetail {
  return shiftDetail.parse({
    id: 'b0000000-0000-4000-8000-000000000001',
    till_id: 'b0000000-0000-4000-8000-000000000002',
    till_name: 'Main till',
    status: 'open',
    cashier: { id: 'a0000000-0000-4000-8000-000000000001', name: 'Ama Mensah' },
    opening_float: 20000,
    opened_at: '2026-11-23T08:00:00.000Z',
    closed_at: null,
    closed_by_name: null,
    expected_cash: 20100,
    counted_cash: null,
    difference: null,
    figures: {
      sales_count: 1,
      sales_total: 600,
      by_method: [{ method: 'cash', count: 1, amount: 600 }],
      cash_sales: 600,
      refunds_count: 0,
      refunds_total: 0,
      cash_refunds: 0,
      voids_count: 0,
      voids_total: 0,
      cash_in: 0,
      cash_out: 500,
      expected_cash: 20100,
    },
    movements: [],
    denominations: null,
    close_note: null,
    shop: { name: 'Test Shop', header_lines: [], timezone: 'Africa/Accra' },
    ...overrides,
  });
}

describe('the till’s shift strip', () => {
  it('offers to open a shift and sends the float in pesewas, refusing text that is not an amount', async () => {
    const api = fakeApi({
      [CURRENT]: () => ({ shift: null, till_taken_by: null }),
      'POST /api/v1/shifts': () => ({ shift: openShiftFixture({ opening_float: 15050 }) }),
    });
    renderInBusiness(<ShiftBar />);
    await screen.findByText('No shift open.');
    fireEvent.click(screen.getByRole('button', { name: 'Open shift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open shift' });
    const float = within(dialog).getByLabelText('Opening float (₵)');
    fireEvent.change(float, { target: { value: 'abc' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open shift' }));
    await within(dialog).findByText('Enter the opening float in cedis, e.g. 200 or 150.50');
    expect(api.callsTo('POST /api/v1/shifts')).toHaveLength(0);

    fireEvent.change(float, { target: { value: '150.50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open shift' }));
    await waitFor(() => expect(api.callsTo('POST /api/v1/shifts')).toHaveLength(1));
    expect(api.callsTo('POST /api/v1/shifts')[0]!.body).toEqual({
      till_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      till_name: 'Main till',
      opening_float: 15050,
    });
  });

  it('says whose shift holds this till instead of offering to open one', async () => {
    fakeApi({ [CURRENT]: () => ({ shift: null, till_taken_by: 'Kojo Mensah' }) });
    renderInBusiness(<ShiftBar />);
    await screen.findByText("Kojo Mensah's shift is open on this till.");
    expect(screen.queryByRole('button', { name: 'Open shift' })).toBeNull();
  });

  it('closes with the note-and-coin count, showing the difference first, then the Z report', async () => {
    // As the server does: once closed, the till has no current shift (the bar that held the dialog goes), and
    // the other shift screens read again — here a list that answers a moment later, as a network would.
    let isClosed = false;
    const api = fakeApi({
      [CURRENT]: () => ({ shift: isClosed ? null : openShiftFixture(), till_taken_by: null }),
      'GET /api/v1/shifts': () =>
        new Promise((resolve) =>
          setTimeout(() => resolve({ shifts: [], next_cursor: null }), isClosed ? 50 : 0),
        ),
      'POST /api/v1/shifts/b0000000-0000-4000-8000-000000000001/close': () => {
        isClosed = true;
        return {
          shift: openShiftFixture({
            status: 'closed',
            closed_at: '2026-11-23T18:00:00.000Z',
            closed_by_name: 'Ama Mensah',
            counted_cash: 20050,
            difference: -50,
            denominations: { note_200: 1, coin_50p: 1 },
          }),
        };
      },
    });
    renderInBusiness(
      <>
        <ShiftBar />
        <ShiftListReader />
      </>,
    );
    expect(await screen.findByTestId('shift-expected')).toHaveProperty('textContent', '₵201.00');
    fireEvent.click(screen.getByRole('button', { name: 'Close shift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close shift' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '₵200 notes' }), { target: { value: '1' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '50p coins' }), { target: { value: '1' } });
    expect(within(dialog).getByTestId('counted-cash').textContent).toBe('₵200.50');
    expect(within(dialog).getByTestId('cash-difference').textContent).toBe('₵0.50 short');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close shift' }));
    const close = 'POST /api/v1/shifts/b0000000-0000-4000-8000-000000000001/close';
    await waitFor(() => expect(api.callsTo(close)).toHaveLength(1));
    expect(api.callsTo(close)[0]!.body).toEqual({
      counted_cash: 20050,
      denominations: { note_200: 1, coin_50p: 1 },
    });
    const report = await screen.findByRole('dialog', { name: 'Z report' });
    expect(within(report).getAllByText('₵0.50 short').length).toBeGreaterThan(0);
    fireEvent.click(within(report).getAllByRole('button', { name: 'Close' })[0]!);
    await screen.findByRole('button', { name: 'Open shift' });
  });
});
