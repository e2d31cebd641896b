import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '#web/testing/fake-api.ts';
import { renderPage } from '#web/testing/render.tsx';
import { LoyaltySettingsCard } from './loyalty-settings.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Settings: loyalty points', () => {
  it('shows the saved rates, refuses a rate of 0 with its message, and saves the program on', async () => {
    const api = fakeApi({
      'GET /api/v1/settings/loyalty': () => ({
        is_enabled: false,
        points_per_cedi: 1,
        points_per_cedi_redeemed: 100,
      }),
      'PUT /api/v1/settings/loyalty': ({ body }) => body,
    });
    renderPage(<LoyaltySettingsCard />, '/app/settings');
    const earn = (await screen.findByLabelText('Points earned per ₵1')) as HTMLInputElement;
    expect(earn.value).toBe('1');
    expect((screen.getByLabelText('Points needed for ₵1 off') as HTMLInputElement).value).toBe('100');
    const toggle = screen.getByRole('switch', { name: 'Loyalty program on' });
    expect((toggle as HTMLInputElement).checked).toBe(false);

    fireEvent.click(toggle);
    fireEvent.change(earn, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save loyalty settings' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Points per ₵1 must be at least 1');
    expect(api.callsTo('PUT /api/v1/settings/loyalty')).toHaveLength(0);

    fireEvent.change(earn, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save loyalty settings' }));
    await waitFor(() => expect(api.callsTo('PUT /api/v1/settings/loyalty')).toHaveLength(1));
    expect(api.callsTo('PUT /api/v1/settings/loyalty')[0]!.body).toEqual({
      is_enabled: true,
      points_per_cedi: 2,
      points_per_cedi_redeemed: 100,
    });
  });
});
