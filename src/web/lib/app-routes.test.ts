import { BoxIcon } from 'lucide-react';
import { describe, expect, it, vi } from 'vitest';
import { permissionsOf, type Role } from '#domain/permissions.ts';
import {
  type BusinessAppRoute,
  landingPath,
  preloadPageAt,
  routeAt,
  routePage,
  sidebarRoutes,
} from './app-routes.tsx';

const page = async () => ({ default: () => null });
const as = (role: Role) => ({ role, permissions: permissionsOf(role) });
const table: BusinessAppRoute[] = [
  { path: 'dashboard', label: 'Dashboard', icon: BoxIcon, permission: 'view_reports', load: page },
  { path: 'pos', label: 'POS', icon: BoxIcon, permission: 'process_sales', load: page },
  { path: 'products', label: 'Products', icon: BoxIcon, permission: 'manage_products', load: page },
  {
    path: 'categories',
    label: 'Categories',
    icon: BoxIcon,
    permission: 'manage_categories',
    load: page,
    sidebar: { under: 'products' },
  },
  { path: 'customer-display', label: 'Display', icon: BoxIcon, permission: null, load: page, layout: 'full' },
  { path: 'onboarding', label: 'Onboarding', icon: BoxIcon, permission: null, load: page, layout: 'public' },
  { path: 'settings', label: 'Settings', icon: BoxIcon, permission: 'manage_settings', load: page },
  { path: 'profile', label: 'Profile', icon: BoxIcon, permission: null, load: page, sidebar: 'hidden' },
];

describe('business app route table', () => {
  it('shows in the sidebar only the pages a role may open', () => {
    expect(sidebarRoutes(as('owner'), table).map((r) => r.path)).toEqual([
      'dashboard',
      'pos',
      'products',
      'categories',
      'settings',
    ]);
    expect(sidebarRoutes(as('manager'), table).map((r) => r.path)).toEqual([
      'dashboard',
      'pos',
      'products',
      'categories',
    ]);
    expect(sidebarRoutes(as('cashier'), table).map((r) => r.path)).toEqual(['pos']);
  });

  it('lands an owner on the dashboard and a cashier on the till, not on Access Denied', () => {
    expect(landingPath(as('owner'), table)).toBe('/app/dashboard');
    expect(landingPath(as('cashier'), table)).toBe('/app/pos');
  });

  it('hides a page limited to some roles from the others, whatever their permissions', () => {
    const staff: BusinessAppRoute = {
      path: 'employees',
      label: 'Employees',
      icon: BoxIcon,
      permission: 'manage_users',
      roles: ['owner', 'manager'],
      load: page,
    };
    expect(sidebarRoutes(as('manager'), [staff]).map((r) => r.path)).toEqual(['employees']);
    expect(sidebarRoutes({ role: 'cashier', permissions: ['manage_users'] }, [staff])).toEqual([]);
  });

  it('lands someone who may open no sidebar page on their profile', () => {
    expect(landingPath({ role: 'cashier', permissions: [] }, table)).toBe('/app/profile');
  });

  it('hides the pages of a POS feature the business turned off, for every role', () => {
    const withCustomers: BusinessAppRoute[] = [
      ...table,
      {
        path: 'customers',
        label: 'Customers',
        icon: BoxIcon,
        permission: 'manage_customers',
        feature: 'customer_management',
        load: page,
      },
    ];
    const owner = (features: string[]) => ({ ...as('owner'), business: { pos_features: features } });
    expect(sidebarRoutes(owner(['customer_management']), withCustomers).map((r) => r.path)).toContain(
      'customers',
    );
    expect(sidebarRoutes(owner(['inventory_management']), withCustomers).map((r) => r.path)).not.toContain(
      'customers',
    );
    // A person whose business's features are unknown (an older server) still sees the page.
    expect(sidebarRoutes(as('owner'), withCustomers).map((r) => r.path)).toContain('customers');
  });

  it('finds the page an address shows, the deepest path first', () => {
    const categories: BusinessAppRoute = { ...table[3]!, path: 'products/categories' };
    const routes = [...table, categories];
    expect(routeAt('/app/pos', routes)?.path).toBe('pos');
    expect(routeAt('/app/products/categories', routes)?.path).toBe('products/categories');
    expect(routeAt('/app/products/new', routes)?.path).toBe('products');
    expect(routeAt('/app/possum', routes)).toBeUndefined();
    expect(routeAt('/app', routes)).toBeUndefined();
  });

  it('gives each page one component, whose preloaded code the page then renders with', async () => {
    const pos = table[1]!;
    expect(routePage(pos)).toBe(routePage(pos));
    await routePage(pos).preload();
    expect(routePage(pos).isLoaded()).toBe(true);
    expect(routePage(table[2]!).isLoaded()).toBe(false);
  });

  it("starts loading the code of the page at an address, and only that page's", async () => {
    const settings = table.find((route) => route.path === 'settings')!;
    const profile = table.find((route) => route.path === 'profile')!;
    preloadPageAt('/app/settings/business', table);
    await vi.waitFor(() => expect(routePage(settings).isLoaded()).toBe(true));
    expect(routePage(profile).isLoaded()).toBe(false);
    preloadPageAt('/app/nowhere', table);
  });
});
