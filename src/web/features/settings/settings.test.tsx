import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '#web/testing/fake-api.ts';
import { renderPage } from '#web/testing/render.tsx';
import SettingsPage from './index.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Settings: the discount limit', () => {
  it('shows the limit, refuses a value outside 0–100 with the message, and saves a valid one', async () => {
    const api = fakeApi({
      'GET /api/v1/settings/discount-limit': () => ({ discount_limit_percent: 10 }),
      'PUT /api/v1/settings/discount-limit': ({ body }) => body,
      'GET /api/v1/settings/loyalty': () => ({
        is_enabled: false,
        points_per_cedi: 1,
        points_per_cedi_redeemed: 100,
      }),
    });
    renderPage(<SettingsPage />, '/app/settings');
    const input = (await screen.findByLabelText('Discount limit (%)')) as HTMLInputElement;
    expect(input.value).toBe('10');
    expect(screen.getByText('Coming in Phase 5')).toBeTruthy();
    fireEvent.change(input, { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Discount limit must be between 0 and 100');
    expect(api.callsTo('PUT /api/v1/settings/discount-limit')).toHaveLength(0);
    fireEvent.change(input, { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /api/v1/settings/discount-limit')).toHaveLength(1));
    expect(api.callsTo('PUT /api/v1/settings/discount-limit')[0]!.body).toEqual({
      discount_limit_percent: 25,
    });
  });
});
