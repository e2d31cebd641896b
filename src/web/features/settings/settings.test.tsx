import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const routes = (overrides: Parameters<typeof fakeApi>[0] = {}) =>
  fakeApi({
    'GET /api/v1/session': () => ({ me: meFixture('owner') }),
    'GET /api/v1/settings': () => settingsFixture(),
    'GET /api/v1/settings/discount-limit': () => ({ discount_limit_percent: 10 }),
    'GET /api/v1/payments/settings': () => ({ settings: null }),
    'GET /api/v1/payments/manual-momo': () => ({ payments: [] }),
    'GET /api/v1/settings/loyalty': () => ({
      is_enabled: false,
      points_per_cedi: 1,
      points_per_cedi_redeemed: 100,
    }),
    ...overrides,
  });

describe('Settings tabs', () => {
  it('opens the tab the address names, and puts the chosen tab in the address', async () => {
    routes();
    const { router } = renderPage(<SettingsPage />, '/app/settings', {
      initialEntry: '/app/settings?tab=tax',
    });
    expect(await screen.findByLabelText('Default tax rate for new products (%)')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Tax' }).getAttribute('aria-selected')).toBe('true');
    const roles = screen.getByRole('tab', { name: 'Roles' });
    fireEvent.mouseDown(roles);
    fireEvent.click(roles);
    await screen.findByRole('table', { name: 'Permissions by role' });
    expect(router.state.location.search).toBe('?tab=roles');
  });
});

describe('Settings → Business', () => {
  it('saves the profile and shows the server’s message under its field', async () => {
    const api = routes({
      'PUT /api/v1/settings/profile': () =>
        errorResponse(400, 'VALIDATION_FAILED', 'Invalid input', {
          phone: 'Please enter a valid phone number',
        }),
    });
    renderPage(<SettingsPage />, '/app/settings');
    const name = (await screen.findByLabelText('Business name')) as HTMLInputElement;
    expect(name.value).toBe('Demo Shop');
    fireEvent.change(name, { target: { value: 'X' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save business settings' }));
    // The form checks with the same schema as the server before sending.
    expect(await screen.findByText('Business name must be at least 2 characters')).toBeTruthy();
    expect(api.callsTo('PUT /api/v1/settings/profile')).toHaveLength(0);

    fireEvent.change(name, { target: { value: 'Ama Provisions' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Loyalty program' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save business settings' }));
    await waitFor(() => expect(api.callsTo('PUT /api/v1/settings/profile')).toHaveLength(1));
    expect(api.callsTo('PUT /api/v1/settings/profile')[0]!.body).toMatchObject({
      name: 'Ama Provisions',
      pos_features: ['inventory_management', 'customer_management', 'loyalty_program'],
      theme_colors: { primary: '#0f766e' },
    });
    expect(await screen.findByText('Please enter a valid phone number')).toBeTruthy();
  });
});

describe('Settings → Receipts', () => {
  it('previews the receipt with the real renderer as the options change, and saves them', async () => {
    const api = routes({
      'PUT /api/v1/settings/receipt': ({ body }) => settingsFixture({ receipt: body as never }),
    });
    renderPage(<SettingsPage />, '/app/settings', { initialEntry: '/app/settings?tab=receipts' });
    const preview = await screen.findByRole('article', { name: 'Receipt RCP-PREVIEW-000001' });
    expect(preview.getAttribute('data-paper')).toBe('80');
    expect(within(preview).getByText('Tax ID: C0012345678')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: '58 mm' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Tax ID' }));
    expect(preview.getAttribute('data-paper')).toBe('58');
    expect(within(preview).queryByText('Tax ID: C0012345678')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Preview (58 mm)' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save receipt settings' }));
    await waitFor(() => expect(api.callsTo('PUT /api/v1/settings/receipt')).toHaveLength(1));
    expect(api.callsTo('PUT /api/v1/settings/receipt')[0]!.body).toMatchObject({
      paper_width: '58',
      show_tax_id: false,
      show_phone: true,
    });
  });
});

describe('Settings → Roles', () => {
  it('takes a permission from cashiers, keeps owner-only ones locked, and keeps the discount limit', async () => {
    const api = routes({
      'PUT /api/v1/settings/roles': ({ body }) => settingsFixture({ roles: body as never }),
      'PUT /api/v1/settings/discount-limit': ({ body }) => body,
    });
    renderPage(<SettingsPage />, '/app/settings', { initialEntry: '/app/settings?tab=roles' });
    const customers = await screen.findByRole('checkbox', { name: 'Cashiers: Add and edit customers' });
    expect(customers.getAttribute('aria-checked')).toBe('true');
    const settingsForManagers = screen.getByRole('checkbox', { name: 'Managers: Change business settings' });
    expect(settingsForManagers.hasAttribute('disabled')).toBe(true);
    fireEvent.click(customers);
    fireEvent.click(screen.getByRole('button', { name: 'Save role permissions' }));
    await waitFor(() => expect(api.callsTo('PUT /api/v1/settings/roles')).toHaveLength(1));
    expect(api.callsTo('PUT /api/v1/settings/roles')[0]!.body).toMatchObject({ cashier: ['process_sales'] });

    const input = (await screen.findByLabelText('Discount limit (%)')) as HTMLInputElement;
    expect(input.value).toBe('10');
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
