import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DashboardResponse } from '#domain/schemas/transactions.ts';
import { fakeApi } from '#web/testing/fake-api.ts';
import { meFixture } from '#web/testing/fixtures.ts';
import { renderPage } from '#web/testing/render.tsx';
import DashboardPage from './index.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const figures: DashboardResponse = {
  today_sales: 58_421,
  yesterday_sales: 8_920,
  today_change_percent: 554.9,
  total_products: 52,
  low_stock_count: 5,
  active_customers: 2,
  total_customers: 5,
  month_revenue: 89_040,
  month_count: 10,
  recent: [
    {
      id: '5f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
      receipt_number: 'RCP-1795468641098-8G07M4',
      item_count: 4,
      payment_method: 'mtn_momo',
      transaction_type: 'sale',
      payment_status: 'completed',
      total_amount: 34_963,
      created_at: '2026-11-23T21:17:00.000Z',
    },
  ],
  low_stock: [
    {
      id: '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
      name: 'Kpakpo Shito',
      stock_quantity: 0,
      min_stock_level: 4,
    },
    {
      id: '7f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
      name: 'Softcare Tissue',
      stock_quantity: 2,
      min_stock_level: 10,
    },
    {
      id: '8f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
      name: 'Nescafé 50g',
      stock_quantity: 3,
      min_stock_level: 6,
    },
  ],
};

describe('Dashboard (operations §2)', () => {
  it('greets by first name and shows the four cards, the recent sales at HH:mm and the low-stock alert', async () => {
    fakeApi({
      'GET /api/v1/session': () => ({ me: meFixture('owner') }),
      'GET /api/v1/dashboard': () => figures,
    });
    renderPage(<DashboardPage />, '/app/dashboard');
    const me = meFixture('owner');
    expect(await screen.findByRole('heading', { name: `Welcome back, ${me.user.first_name}!` })).toBeTruthy();
    expect(await screen.findByText('₵584.21')).toBeTruthy();
    expect(screen.getByText('+554.9% from yesterday')).toBeTruthy();
    expect(screen.getByText('5 low on stock')).toBeTruthy();
    expect(screen.getByText('of 5 total')).toBeTruthy();
    expect(screen.getByText('10 transactions')).toBeTruthy();
    const recent = screen.getByRole('list', { name: 'Recent transactions' });
    expect(within(recent).getByText('4 items · MTN MoMo')).toBeTruthy();
    expect(within(recent).getByText('21:17')).toBeTruthy();
    expect(screen.getByText('+2 more products need restocking')).toBeTruthy();
  });

  it("says 'No recent transactions' and 'All products are well stocked!' when there are none", async () => {
    fakeApi({
      'GET /api/v1/session': () => ({ me: meFixture('manager') }),
      'GET /api/v1/dashboard': () => ({ ...figures, recent: [], low_stock: [], low_stock_count: 0 }),
    });
    renderPage(<DashboardPage />, '/app/dashboard');
    expect(await screen.findByText('No recent transactions')).toBeTruthy();
    expect(screen.getByText('All products are well stocked!')).toBeTruthy();
  });
});
