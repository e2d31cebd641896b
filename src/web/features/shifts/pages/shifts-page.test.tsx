import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ShiftSummary, shiftSummary } from '#domain/schemas/shifts.ts';
import { fakeApi } from '#web/testing/fake-api.ts';
import { meFixture } from '#web/testing/fixtures.ts';
import { renderPage } from '#web/testing/render.tsx';
import { ShiftsPage } from './shifts-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function closedShift(overrides: Partial<ShiftSummary> = {}): ShiftSummary {
  return shiftSummary.parse({
    id: 'b0000000-0000-4000-8000-000000000001',
    till_id: 'b0000000-0000-4000-8000-000000000002',
    till_name: 'Main till',
    status: 'closed',
    cashier: { id: 'a0000000-0000-4000-8000-000000000001', name: 'Ama Mensah' },
    opening_float: 20000,
    opened_at: '2026-11-23T08:00:00.000Z',
    closed_at: '2026-11-23T18:00:00.000Z',
    closed_by_name: 'Ama Mensah',
    expected_cash: 20100,
    counted_cash: 20050,
    difference: -50,
    ...overrides,
  });
}

describe('the Shifts page', () => {
  it('shows a cashier their shifts with the difference, and no one else’s totals', async () => {
    const api = fakeApi({
      'GET /api/v1/session': () => ({ me: meFixture('cashier') }),
      'GET /api/v1/shifts': () => ({ shifts: [closedShift()] }),
    });
    renderPage(<ShiftsPage />, '/app/shifts');
    const row = await screen.findByRole('listitem', { name: 'Ama Mensah, Main till' });
    expect(within(row).getByText('₵0.50 short')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Z report' })).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET /api/v1/session')).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Cash differences by cashier' })).toBeNull();
    expect(api.callsTo('GET /api/v1/shifts/differences')).toHaveLength(0);
  });

  it('shows a manager the differences by cashier, overs and shorts apart, over a chosen period', async () => {
    const api = fakeApi({
      'GET /api/v1/session': () => ({ me: meFixture('manager') }),
      'GET /api/v1/shifts': () => ({ shifts: [] }),
      'GET /api/v1/shifts/differences': () => ({
        cashiers: [
          {
            cashier_id: 'a0000000-0000-4000-8000-000000000001',
            cashier_name: 'Ama Mensah',
            shifts: 3,
            total_over: 200,
            total_short: 150,
          },
        ],
      }),
    });
    renderPage(<ShiftsPage />, '/app/shifts');
    await screen.findByText('No shifts yet');
    const table = await screen.findByRole('table', { name: 'Cash differences by cashier' });
    const cells = within(table)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['Ama Mensah', '3', '₵2.00', '₵1.50']);
    expect(api.callsTo('GET /api/v1/shifts/differences')[0]!.url.search).toBe('?days=30');
    fireEvent.change(screen.getByLabelText('Shifts closed in'), { target: { value: 'all' } });
    await waitFor(() => expect(api.callsTo('GET /api/v1/shifts/differences')).toHaveLength(2));
    expect(api.callsTo('GET /api/v1/shifts/differences')[1]!.url.search).toBe('');
  });
});
