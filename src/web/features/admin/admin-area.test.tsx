import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminBusiness, AdminProfile } from '#domain/schemas/admin.ts';
import { ThemeProvider } from '#web/app/theme.tsx';
import { jsonResponse } from '#web/testing/render.tsx';
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

const superAdmin: AdminProfile = {
  id: '0b6f7e1c-6c53-4f59-9d51-2b3f0c2a8e11',
  email: 'akosua@akwaaba.test',
  full_name: 'Akosua Admin',
  role: 'super_admin',
  last_login_at: '2026-01-05T09:00:00.000Z',
};

const shop: AdminBusiness = {
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
};

type Handler = (url: string, init: RequestInit) => Response | undefined;

/** A fake API: the first handler that answers wins; anything unanswered is a failed test. */
function stubApi(...handlers: Handler[]) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    for (const handler of handlers) {
      const response = handler(url, init);
      if (response) return response;
    }
    throw new Error(`unexpected request ${init.method ?? 'GET'} ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const signedInAs =
  (admin: AdminProfile | null): Handler =>
  (url) =>
    url === '/api/v1/admin/me'
      ? admin
        ? jsonResponse(200, { admin })
        : jsonResponse(401, { error: { code: 'NOT_SIGNED_IN', message: 'Please sign in to continue.' } })
      : undefined;

const dashboardData: Handler = (url, init) => {
  if (url.startsWith('/api/v1/admin/businesses') && (init.method ?? 'GET') === 'GET') {
    return jsonResponse(200, { businesses: [shop], counts: { total: 4, active: 3, inactive: 1 } });
  }
  if (url === '/api/v1/admin/contact-requests') return jsonResponse(200, { contact_requests: [] });
  return undefined;
};

function renderAdmin(path: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
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
    const fetchMock = stubApi(signedInAs(null), (url) =>
      url === '/api/v1/admin/sign-in'
        ? jsonResponse(403, {
            error: { code: 'ADMIN_REQUIRED', message: 'Access denied. Admin privileges required.' },
          })
        : undefined,
    );
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
    const signIn = fetchMock.mock.calls.find(([url]) => url === '/api/v1/admin/sign-in');
    expect(JSON.parse(String(signIn?.[1]?.body))).toEqual({
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
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      ),
    );
    const router = renderAdmin('/admin-allowed');
    expect(await screen.findByText('Verifying access...')).toBeTruthy();
    answer(jsonResponse(401, { error: { code: 'NOT_SIGNED_IN', message: 'Please sign in to continue.' } }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
  });

  it('shows Access Denied with the required role and the admin own role', async () => {
    const fetchMock = stubApi(signedInAs({ ...superAdmin, role: 'admin' }));
    renderAdmin('/admin-allowed/admins');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByText(/This page requires the/).textContent).toBe(
      'This page requires the Super admin role. Your role is Admin.',
    );
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/v1/admin/admins')).toBe(false);
  });

  it('lets a super admin see who has access', async () => {
    stubApi(signedInAs(superAdmin), (url) =>
      url === '/api/v1/admin/admins'
        ? jsonResponse(200, {
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
          })
        : undefined,
    );
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
    const fetchMock = stubApi(signedInAs(superAdmin), dashboardData, (url) =>
      url === `/api/v1/admin/businesses/${shop.id}/deactivate`
        ? jsonResponse(200, { business: { ...shop, is_active: false } })
        : undefined,
    );
    renderAdmin('/admin-allowed');
    await screen.findByRole('listitem', { name: 'Makola Fabrics' });
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByRole('alertdialog', { name: 'Deactivate Makola Fabrics?' })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/deactivate'))).toBe(false);
    const dialog = screen.getByRole('alertdialog');
    fireEvent.click(dialog.querySelector('button:last-of-type') as HTMLButtonElement);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/deactivate'))).toBe(true),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('shows the web address as the name is typed and puts a taken address on the name field', async () => {
    const fetchMock = stubApi(
      signedInAs(superAdmin),
      dashboardData,
      (url) =>
        url.startsWith('/api/v1/admin/slug-check')
          ? jsonResponse(200, {
              slug: 'kofi-mart',
              is_available: false,
              message: 'A business with the web address "kofi-mart" already exists. Choose a different name.',
            })
          : undefined,
      (url, init) =>
        url === '/api/v1/admin/businesses' && init.method === 'POST'
          ? jsonResponse(409, {
              error: {
                code: 'SLUG_TAKEN',
                message:
                  'A business with the web address "kofi-mart" already exists. Choose a different name.',
                fields: {
                  name: 'A business with the web address "kofi-mart" already exists. Choose a different name.',
                },
              },
            })
          : undefined,
    );
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
    const post = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/v1/admin/businesses' && init?.method === 'POST',
    );
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({
      name: 'Kofi   Mart!',
      contact_person: 'Kofi Boateng',
      email: 'kofi@mart.test',
      phone: '0244000111',
      subscription_tier: 'basic',
    });
  });
});
