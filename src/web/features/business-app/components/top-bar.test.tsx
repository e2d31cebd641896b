import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { PackageIcon, UsersIcon } from 'lucide-react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Permission } from '#domain/permissions.ts';
import type { Me } from '#domain/schemas/auth.ts';
import { BusinessAppPagesProvider, type BusinessAppRoute } from '#web/lib/app-routes.tsx';
import { BusinessProvider } from '#web/lib/business-context.tsx';
import { ThemeProvider } from '#web/lib/theme.tsx';
import { TEST_BUSINESS } from '#web/testing/fixtures.ts';
import { jsonResponse } from '#web/testing/render.tsx';
import { TopBar } from './top-bar.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function person(role: Me['role'], permissions: Permission[]): Me {
  return {
    user: {
      id: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
      email: 'ama@demo.shop',
      first_name: 'Ama',
      last_name: 'Darko',
      full_name: 'Ama Darko',
      phone: null,
      role,
    },
    role,
    permissions,
    business: { id: '7d4f5c62-0b5e-4a53-9b6e-2f1f8d7c9a10', name: 'Demo Shop', slug: 'demo' },
    pin_choice: { due: false, issued_pin_expires_at: null },
    session: {
      id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
      auth_method: 'password',
      expires_at: '2030-01-01T00:00:00.000Z',
    },
  };
}

const milo = {
  id: '5f0e8a4c-1d1b-4c55-8f43-0a8f5f0a9b01',
  name: 'Milo 400g Tin',
  price: 5500,
  sku: 'MILO400G-0001',
};
const ama = {
  id: '6a1e8a4c-1d1b-4c55-8f43-0a8f5f0a9b02',
  name: 'Ama Mensah',
  phone: '0244111222',
  email: null,
};

function fakeApi() {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      paths.push(path);
      const url = new URL(path, 'http://localhost');
      if (url.pathname === '/api/v1/me/notifications') return jsonResponse(200, { notifications: [] });
      if (url.pathname === '/api/v1/products') return jsonResponse(200, { products: [milo], total: 1 });
      if (url.pathname === '/api/v1/customers') return jsonResponse(200, { customers: [ama], total: 1 });
      return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    }),
  );
  return paths;
}

const Page = () => null;
// The two pages the search leads to, with the permissions that open them (operations §2).
const pages = {
  routes: [
    {
      path: 'products',
      label: 'Products',
      icon: PackageIcon,
      permission: 'manage_products',
      load: async () => ({ default: Page }),
    },
    {
      path: 'customers',
      label: 'Customers',
      icon: UsersIcon,
      permission: 'manage_customers',
      load: async () => ({ default: Page }),
    },
  ] satisfies BusinessAppRoute[],
  authPage: Page,
  resetPasswordPage: Page,
  verifyEmailPage: Page,
};

function renderTopBar(me: Me) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const bar = (
    <TopBar
      me={me}
      isSidebarOpen
      onToggleSidebar={() => {}}
      isFullscreen={false}
      onToggleFullscreen={() => {}}
      onSignOut={() => {}}
      onSignOutEverywhere={() => {}}
    />
  );
  const router = createMemoryRouter(
    [
      { path: '/app/dashboard', element: bar },
      { path: '/app/products', element: <p>Products page</p> },
      { path: '/app/customers', element: <p>Customers page</p> },
    ],
    { initialEntries: ['/app/dashboard'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <BusinessProvider business={TEST_BUSINESS}>
        <BusinessAppPagesProvider pages={pages}>
          <ThemeProvider>
            <RouterProvider router={router} />
          </ThemeProvider>
        </BusinessAppPagesProvider>
      </BusinessProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('top-bar search', () => {
  it('finds products and customers, grouped, and opens the chosen one with the keyboard', async () => {
    const paths = fakeApi();
    const router = renderTopBar(person('owner', ['manage_products', 'manage_customers']));
    const box = screen.getByRole('combobox', { name: 'Search products, customers' });
    fireEvent.change(box, { target: { value: 'ma' } });

    const results = await screen.findByRole('listbox', { name: 'Search results' });
    const products = await within(results).findByRole('group', { name: 'Products' });
    const customers = within(results).getByRole('group', { name: 'Customers' });
    expect(await within(products).findByRole('option', { name: /Milo 400g Tin/ })).toBeTruthy();
    expect(await within(customers).findByRole('option', { name: /Ama Mensah/ })).toBeTruthy();
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(paths).toContain('/api/v1/products?search=ma&limit=5&count=none');
    expect(paths).toContain('/api/v1/customers?search=ma&limit=5');

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    const chosen = within(customers).getByRole('option', { name: /Ama Mensah/ });
    expect(chosen.getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(chosen.id);
    fireEvent.submit(box.closest('form')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/customers'));
    expect(router.state.location.search).toBe('?search=Ama%20Mensah');
  });

  it('opens a product result on its products page, filtered to it, with a click', async () => {
    fakeApi();
    const router = renderTopBar(person('owner', ['manage_products', 'manage_customers']));
    fireEvent.change(screen.getByRole('combobox', { name: 'Search products, customers' }), {
      target: { value: 'milo' },
    });
    fireEvent.click(await screen.findByRole('option', { name: /Milo 400g Tin/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/products'));
    expect(router.state.location.search).toBe('?search=Milo%20400g%20Tin');
  });

  it('searches only customers for a cashier, who may not manage products', async () => {
    const paths = fakeApi();
    renderTopBar(person('cashier', ['process_sales', 'manage_customers']));
    fireEvent.change(screen.getByRole('combobox', { name: 'Search products, customers' }), {
      target: { value: 'ama' },
    });
    const results = await screen.findByRole('listbox', { name: 'Search results' });
    expect(await within(results).findByRole('option', { name: /Ama Mensah/ })).toBeTruthy();
    expect(within(results).queryByRole('group', { name: 'Products' })).toBeNull();
    expect(paths.some((path) => path.startsWith('/api/v1/products'))).toBe(false);
  });
});
