import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentSettingsBody } from '#domain/schemas/payments.ts';
import { errorResponse, fakeApi } from '#web/testing/fake-api.ts';
import { meFixture, settingsFixture } from '#web/testing/fixtures.ts';
import { renderPage } from '#web/testing/render.tsx';
import SettingsPage from './index.tsx';

// jsdom has no ResizeObserver; Radix's checkbox and switch measure themselves with one.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
beforeEach(() => vi.stubGlobal('ResizeObserver', NoResizeObserver));

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const saved: PaymentSettingsBody = {
  provider: 'paystack',
  mode: 'test',
  paystack: {
    secret_key_last4: '7f3a',
    is_secret_key_unreadable: false,
    base_url: 'https://api.paystack.co',
    terminal_id: null,
    network_codes: { mtn_momo: 'MTN', telecel_cash: 'VOD', airteltigo_money: 'ATL' },
    webhook_url: 'http://localhost/api/v1/payments/webhooks/paystack/b1',
  },
  momo_merchant_number: null,
  momo_merchant_name: null,
};

function api(overrides = {}) {
  return fakeApi({
    'GET /api/v1/session': () => ({ me: meFixture('owner') }),
    'GET /api/v1/settings/discount-limit': () => ({ discount_limit_percent: 10 }),
    'GET /api/v1/settings': () => settingsFixture(),
    'GET /api/v1/payments/settings': () => ({ settings: saved }),
    'GET /api/v1/payments/manual-momo': () => ({ payments: [] }),
    ...overrides,
  });
}

describe('Settings: payments (manage_payments)', () => {
  it('shows only the last 4 of the key, saves without resending it, shows field errors and tests the connection', async () => {
    let attempts = 0;
    const calls = api({
      'PUT /api/v1/payments/settings': () => {
        attempts++;
        if (attempts === 1) {
          return errorResponse(400, 'VALIDATION_FAILED', 'Check the highlighted fields', {
            momo_merchant_number: 'Enter a Ghana mobile number: 0XXXXXXXXX or +233XXXXXXXXX',
          });
        }
        return { settings: saved, message: 'Payment configuration updated successfully' };
      },
      'POST /api/v1/payments/settings/test': () => ({
        ok: false,
        message: 'Paystack refused the secret key',
      }),
    });
    renderPage(<SettingsPage />, '/app/settings', { initialEntry: '/app/settings?tab=payments' });
    const key = (await screen.findByLabelText('Secret key')) as HTMLInputElement;
    expect(key.value).toBe('');
    expect(key.placeholder).toBe('Saved key ends in 7f3a — type a new one to replace it');
    expect(screen.getByText('No payments confirmed by cashiers yet')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Merchant number'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save payment settings' }));
    expect(await screen.findByText('Enter a Ghana mobile number: 0XXXXXXXXX or +233XXXXXXXXX')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Merchant number'), { target: { value: '024 555 0101' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save payment settings' }));
    await waitFor(() => expect(calls.callsTo('PUT /api/v1/payments/settings')).toHaveLength(2));
    expect(calls.callsTo('PUT /api/v1/payments/settings')[1]!.body).toMatchObject({
      provider: 'paystack',
      paystack_secret_key: '',
      momo_merchant_number: '024 555 0101',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Paystack refused the secret key')).toBeTruthy();
  });

  it('confirms a save even when the saved settings, read again, replace the form before the answer is handled', async () => {
    // As the server does: the settings read again carry what was saved (a new form, keyed by them), and the
    // tab's other read (the cashier-confirmed payments) answers a moment later, as a network would.
    let current = saved;
    api({
      'GET /api/v1/payments/settings': () => ({ settings: current }),
      'GET /api/v1/payments/manual-momo': () =>
        new Promise((resolve) => setTimeout(() => resolve({ payments: [] }), current === saved ? 0 : 50)),
      'PUT /api/v1/payments/settings': () => {
        current = { ...saved, momo_merchant_number: '+233245550101' };
        return { settings: current, message: 'Payment configuration updated successfully' };
      },
    });
    renderPage(<SettingsPage />, '/app/settings', { initialEntry: '/app/settings?tab=payments' });
    await screen.findByText('No payments confirmed by cashiers yet');
    fireEvent.change(screen.getByLabelText('Merchant number'), { target: { value: '024 555 0101' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save payment settings' }));
    await waitFor(() =>
      expect(vi.mocked(toast.success).mock.calls.map(([title]) => title)).toEqual([
        'Payment configuration updated successfully',
      ]),
    );
    expect((screen.getByLabelText('Merchant number') as HTMLInputElement).value).toBe('024 555 0101');
  });

  it('is not shown to someone without manage_payments', async () => {
    api({ 'GET /api/v1/session': () => ({ me: meFixture('manager') }) });
    renderPage(<SettingsPage />, '/app/settings', { initialEntry: '/app/settings?tab=payments' });
    // The Payments tab is not offered: the address falls back to the Business tab.
    await screen.findByLabelText('Business name');
    expect(screen.queryByRole('tab', { name: 'Payments' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Payments' })).toBeNull();
  });
});
