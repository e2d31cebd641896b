import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays } from '#domain/dates.ts';
import { dayCount, presetRange, previousRange } from '#domain/report-range.ts';
import { type ReportFigures, reportSummaryResponse } from '#domain/schemas/reports.ts';
import { errorResponse, fakeApi } from '#web/testing/fake-api.ts';
import { renderPage } from '#web/testing/render.tsx';
import { ReportsPage } from './reports-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SUMMARY = 'GET /api/v1/reports/summary';
const empty = { products: [], total: 0, page: 1, page_size: 50 };

function figures(overrides: Partial<ReportFigures> = {}): ReportFigures {
  return {
    gross_sales: 0,
    discounts: 0,
    points_redeemed: 0,
    refunds: 0,
    refund_count: 0,
    voids: 0,
    void_count: 0,
    net_sales: 0,
    tax: 0,
    takings: 0,
    cost_of_goods: 0,
    gross_margin: 0,
    margin_percent: null,
    transaction_count: 0,
    average_basket: 0,
    ...overrides,
  };
}

/** The server's answer for a period, checked against the response schema so it cannot drift from the API. */
function summaryFor(from: string, to: string) {
  return reportSummaryResponse.parse({
    timezone: 'Africa/Accra',
    range: { from, to },
    previous_range: previousRange({ from, to }),
    grain: from === to ? 'hour' : 'day',
    figures: figures({
      net_sales: 15_000,
      gross_sales: 16_000,
      discounts: 1000,
      points_redeemed: 250,
      transaction_count: 3,
    }),
    previous_figures: figures({ net_sales: 10_000, gross_sales: 10_000, transaction_count: 2 }),
    payment_methods: [],
    series:
      from === to
        ? Array.from({ length: 24 }, (_, hour) => ({
            key: String(hour).padStart(2, '0'),
            net_sales: 0,
            count: 0,
          }))
        : Array.from({ length: dayCount({ from, to }) }, (_, index) => ({
            key: addDays(from, index),
            net_sales: 0,
            count: 0,
          })),
    categories: [],
    top_by_revenue: [],
    top_by_quantity: [],
    cashiers: [],
    discounts_by_cashier: [],
  });
}

function api() {
  return fakeApi({
    [SUMMARY]: (request) =>
      summaryFor(request.url.searchParams.get('from')!, request.url.searchParams.get('to')!),
    'GET /api/v1/reports/slow-movers': () => ({ ...empty, days: 30 }),
    'GET /api/v1/reports/stock-valuation': () => ({
      ...empty,
      totals: { units: 0, cost_value: 0, retail_value: 0 },
    }),
  });
}

const asked = (fake: ReturnType<typeof api>) =>
  fake.calls
    .filter((call) => call.url.pathname === '/api/v1/reports/summary')
    .map((call) => `${call.url.searchParams.get('from')}..${call.url.searchParams.get('to')}`);

describe('Reports', () => {
  it("opens on today's figures in the business timezone, with the change from the day before", async () => {
    const fake = api();
    renderPage(<ReportsPage />, '/app/reports');
    const today = presetRange('today', new Date(), 'Africa/Accra');
    // The first ₵150.00 is the card's; the summary table below repeats it.
    const [value] = await screen.findAllByText('₵150.00');
    const card = value!.closest('[data-slot="card"]') as HTMLElement;
    expect(within(card).getByText('Net sales')).toBeTruthy();
    expect(within(card).getByText('+50% vs previous period')).toBeTruthy();
    expect(asked(fake)).toEqual([`${today.from}..${today.to}`]);
    // The loyalty points redeemed show under the discounts they are part of.
    expect(screen.getByRole('row', { name: /^Discounts ₵10\.00/ })).toBeTruthy();
    expect(screen.getByRole('row', { name: /^of which loyalty points ₵2\.50 ₵0\.00/ })).toBeTruthy();
    // The chart of a day with no sales says so; its numbers are still there as a table.
    expect(screen.getAllByText('No sales in this period').length).toBeGreaterThan(0);
    const overTime = screen.getByRole('region', { name: 'Net sales by hour' });
    fireEvent.click(within(overTime).getByRole('button', { name: 'Show as table' }));
    expect(within(overTime).getAllByRole('row')).toHaveLength(25);
  });

  it('asks for the period chosen, and explains a custom period that ends before it starts without asking', async () => {
    const fake = api();
    renderPage(<ReportsPage />, '/app/reports');
    await screen.findAllByText('₵150.00');
    fireEvent.click(screen.getByRole('button', { name: 'Last month' }));
    const last = presetRange('last_month', new Date(), 'Africa/Accra');
    await waitFor(() => expect(asked(fake)).toContain(`${last.from}..${last.to}`));
    expect(screen.getByRole('button', { name: 'Last month' }).getAttribute('aria-pressed')).toBe('true');

    const before = fake.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Custom' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-10' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The start date must be on or before the end date',
    );
    expect(fake.calls.length).toBe(before);
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(asked(fake)).toContain('2026-03-10..2026-03-12'));
  });

  it('says when the figures cannot be loaded', async () => {
    const fake = api();
    fake.on(SUMMARY, () =>
      errorResponse(403, 'FORBIDDEN', "You don't have the required permissions to access this page."),
    );
    renderPage(<ReportsPage />, '/app/reports');
    expect(await screen.findByText('Error Loading Reports')).toBeTruthy();
    expect(screen.getByText("You don't have the required permissions to access this page.")).toBeTruthy();
  });
});
