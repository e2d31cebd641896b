import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AdminProfile, adminBusiness, adminProfile } from '#domain/schemas/admin.ts';
import { ThemeProvider } from '#web/lib/theme.tsx';
import { errorResponse, type FakeHandler, fakeApi, jsonResponse } from '#web/testing/fake-api.ts';
import { createTestQueryClient } from '#web/testing/render.tsx';
import { AdminRoutes } from './index.tsx';

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoResizeObserver);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const superAdmin = adminProfile.parse({
  id: '0b6f7e1c-6c53-4f59-9d51-2b3f0c2a8e11',
  email: 'akosua@akwaaba.test',
  full_name: 'Akosua Admin',
  role: 'super_admin',
  last_login_at: '2026-01-05T09:00:00.000Z',
});

const shop = adminBusiness.parse({
  id: '5a0d2b4e-93a7-4a8b-8f43-1f3a6b9c0d21',
  name: 'Makola Fabrics',
  slug: 'makola-fabrics',
  email: 'esi@makola.test',
  phone: '0244111222',
  address: 'Makola Market',
  contact_person: 'Esi Makola',
  subscription_tier: 'basic',
  is_active: true,
  is_onboarded: false,
  onboarded_at: null,
  created_at: '2026-01-04T10:00:00.000Z',
  notes: null,
  last_invitation: null,
});

type Routes = Record<string, FakeHandler>;

/** The shared fake API over the given routes; a later route of the same name wins. */
const stubApi = (...routes: Routes[]) => fakeApi(Object.assign({}, ...routes));

const signedInAs = (admin: AdminProfile | null): Routes => ({
  // Signed out is an answer, not an error: the session probe says who is signed in, or null.
  'GET /api/v1/admin/session': () => ({ admin }),
});

const dashboardData: Routes = {
  'GET /api/v1/admin/businesses': () => ({
    businesses: [shop],
    counts: { total: 4, active: 3, inactive: 1 },
  }),
  'GET /api/v1/admin/contact-requests': () => ({ contact_requests: [] }),
};

function renderAdmin(path: string) {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(
    [
      { path: '/admin/*', element: <AdminRoutes /> },
      { path: '/admin-allowed/*', element: <AdminRoutes /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <RouterProvider router={router} />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('admin login', () => {
  it('refuses a non-admin with the spec text and lets the password be shown', async () => {
    const api = stubApi(signedInAs(null), {
      'POST /api/v1/admin/sign-in': () =>
        errorResponse(403, 'ADMIN_REQUIRED', 'Access denied. Admin privileges required.'),
    });
    renderAdmin('/admin-allowed/login');
    expect(await screen.findByRole('heading', { name: 'Admin sign-in' })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('Restricted access.');

    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(password.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.type).toBe('password');

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'owner@shop.test' } });
    fireEvent.change(password, { target: { value: 'secret-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Access denied. Admin privileges required.');
    expect(api.callsTo('POST /api/v1/admin/sign-in')[0]?.body).toEqual({
      email: 'owner@shop.test',
      password: 'secret-123',
    });
  });

  it('sends a signed-in admin from the login to the dashboard', async () => {
    stubApi(signedInAs(superAdmin), dashboardData);
    const router = renderAdmin('/admin/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin-allowed'));
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeTruthy();
  });
});

describe('admin guard', () => {
  it('says "Verifying access..." and then sends a signed-out visitor to the login', async () => {
    let answer: (response: Response) => void = () => {};
    stubApi({
      'GET /api/v1/admin/session': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const router = renderAdmin('/admin-allowed');
    expect(await screen.findByText('Verifying access...')).toBeTruthy();
    answer(jsonResponse(200, { admin: null }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
  });

  it('shows Access Denied with the required role and the admin own role', async () => {
    const api = stubApi(signedInAs({ ...superAdmin, role: 'admin' }));
    renderAdmin('/admin-allowed/admins');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByText(/This page requires the/).textContent).toBe(
      'This page requires the Super admin role. Your role is Admin.',
    );
    expect(api.callsTo('GET /api/v1/admin/admins')).toHaveLength(0);
  });

  it('lets a super admin see who has access', async () => {
    stubApi(signedInAs(superAdmin), {
      'GET /api/v1/admin/admins': () => ({
        admins: [
          { ...superAdmin, is_active: true, created_at: '2026-01-01T00:00:00.000Z' },
          {
            ...superAdmin,
            id: '9c1e4f0a-2b7d-4c3e-8a6f-5d2b1e0c9f33',
            full_name: 'Yaw Former',
            email: 'yaw@akwaaba.test',
            role: 'admin',
            is_active: false,
            last_login_at: null,
            created_at: '2026-01-02T00:00:00.000Z',
          },
        ],
      }),
    });
    renderAdmin('/admin-allowed/admins');
    const former = await screen.findByRole('listitem', { name: 'Yaw Former' });
    expect(former.textContent).toContain('Deactivated');
    expect(former.textContent).toContain('Never signed in');
  });
});

describe('admin dashboard', () => {
  it('shows counts, the admin and the businesses; an admin cannot deactivate', async () => {
    stubApi(signedInAs({ ...superAdmin, role: 'admin', full_name: 'Yaw Admin' }), dashboardData);
    renderAdmin('/admin-allowed');
    const row = await screen.findByRole('listitem', { name: 'Makola Fabrics' });
    expect(screen.getAllByText('Yaw Admin').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Admin', { selector: 'p' }).length).toBeGreaterThan(0);
    expect(screen.getByText('Total businesses').nextElementSibling?.textContent).toBe('4');
    expect(screen.getByText('Active', { selector: 'dt' }).nextElementSibling?.textContent).toBe('3');
    expect(screen.getByText('Inactive', { selector: 'dt' }).nextElementSibling?.textContent).toBe('1');
    expect(row.textContent).toContain('Awaiting onboarding');
    expect((screen.getByRole('button', { name: 'Deactivate' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Send Invite' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('asks before deactivating, then deactivates', async () => {
    const DEACTIVATE = `POST /api/v1/admin/businesses/${shop.id}/deactivate`;
    const api = stubApi(signedInAs(superAdmin), dashboardData, {
      [DEACTIVATE]: () => ({ business: { ...shop, is_active: false } }),
    });
    renderAdmin('/admin-allowed');
    await screen.findByRole('listitem', { name: 'Makola Fabrics' });
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByRole('alertdialog', { name: 'Deactivate Makola Fabrics?' })).toBeTruthy();
    expect(api.callsTo(DEACTIVATE)).toHaveLength(0);
    const dialog = screen.getByRole('alertdialog');
    fireEvent.click(dialog.querySelector('button:last-of-type') as HTMLButtonElement);
    await waitFor(() => expect(api.callsTo(DEACTIVATE)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('shows the web address as the name is typed and puts a taken address on the name field', async () => {
    const taken = 'A business with the web address "kofi-mart" already exists. Choose a different name.';
    const api = stubApi(signedInAs(superAdmin), dashboardData, {
      'GET /api/v1/admin/slug-check': () => ({ slug: 'kofi-mart', is_available: false, message: taken }),
      'POST /api/v1/admin/businesses': () => errorResponse(409, 'SLUG_TAKEN', taken, { name: taken }),
    });
    renderAdmin('/admin-allowed');
    fireEvent.click(await screen.findByRole('button', { name: 'Create business' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create business' });

    fireEvent.click(dialog.querySelector('button[type="submit"]') as HTMLButtonElement);
    expect(await screen.findByText('Business name is required')).toBeTruthy();
    expect(screen.getByText('Contact person is required')).toBeTruthy();
    expect(screen.getByText('Phone is required')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Business name'), { target: { value: '  Kofi   Mart! ' } });
    expect(screen.getByTestId('derived-slug').textContent).toContain('kofi-mart');
    expect(
      await screen.findByText(
        'A business with the web address "kofi-mart" already exists. Choose a different name.',
      ),
    ).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Contact person'), { target: { value: 'Kofi Boateng' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'kofi@mart.test' } });
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '0244000111' } });
    fireEvent.click(dialog.querySelector('button[type="submit"]') as HTMLButtonElement);
    await waitFor(() =>
      expect(screen.getByLabelText('Business name').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(api.callsTo('POST /api/v1/admin/businesses')[0]?.body).toMatchObject({
      name: 'Kofi   Mart!',
      contact_person: 'Kofi Boateng',
      email: 'kofi@mart.test',
      phone: '0244000111',
      subscription_tier: 'basic',
    });
  });
});
