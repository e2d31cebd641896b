import {
  BarChart3Icon,
  FolderTreeIcon,
  type LucideIcon,
  PackageIcon,
  RocketIcon,
  SettingsIcon,
  ShoppingCartIcon,
  UserRoundIcon,
  UsersIcon,
} from 'lucide-react';
import type { ComponentType } from 'react';
import type { Permission, Role } from '#domain/permissions.ts';

/**
 * The pages of the business app (platform §2 "Business app", operations §2), in sidebar order. The router and
 * the sidebar are both built from this one list, so a page and its menu item never disagree, and a page a
 * person may not open is neither in their sidebar nor reachable by its address.
 *
 * A feature adds its page with one entry here; its `index.tsx` default-exports the page component, loaded
 * on first visit as its own chunk.
 */
export type BusinessAppRoute = {
  /** Path under /app, e.g. 'products' for /app/products. */
  path: string;
  /** Sidebar text. */
  label: string;
  icon: LucideIcon;
  /** What the page needs (platform §2 table); null: any signed-in person of the business. */
  permission: Permission | null;
  /** Roles allowed besides the permission (platform §2: a guard can require a role), e.g. owner and manager. */
  roles?: readonly Role[];
  load: () => Promise<{ default: ComponentType }>;
  /** Where the entry shows in the sidebar: at the top level (default), under another entry's path, or not. */
  sidebar?: 'main' | { under: string } | 'hidden';
  /**
   * 'shell' (default): inside the sidebar and top bar; 'full': the whole screen for a signed-in person
   * (the customer display); 'public': the whole screen, no sign-in needed (onboarding, like /app/auth).
   */
  layout?: 'shell' | 'full' | 'public';
};

// Sidebar order (operations §2): Dashboard, POS, Products (Categories under it), Customers, Employees,
// Transactions, Reports, Settings. Entries are added where they belong in that order.
export const BUSINESS_APP_ROUTES: BusinessAppRoute[] = [
  {
    path: 'pos',
    label: 'POS',
    icon: ShoppingCartIcon,
    permission: 'process_sales',
    // The v1 till for both interface versions until the v2 dual-screen terminal exists.
    load: () => import('#web/features/pos/index.tsx'),
  },
  {
    path: 'products',
    label: 'Products',
    icon: PackageIcon,
    permission: 'manage_products',
    load: () => import('#web/features/products/index.tsx'),
  },
  {
    path: 'products/categories',
    label: 'Categories',
    icon: FolderTreeIcon,
    permission: 'manage_categories',
    load: () => import('#web/features/categories/index.tsx'),
    sidebar: { under: 'products' },
  },
  {
    path: 'customers',
    label: 'Customers',
    icon: UsersIcon,
    permission: 'manage_customers',
    load: () => import('#web/features/customers/index.tsx'),
  },
  {
    path: 'reports',
    label: 'Reports',
    icon: BarChart3Icon,
    permission: 'view_reports',
    load: () => import('./pages/reports-page.tsx'),
  },
  {
    path: 'settings',
    label: 'Settings',
    icon: SettingsIcon,
    permission: 'manage_settings',
    load: () => import('./pages/settings-page.tsx'),
  },
  {
    path: 'profile',
    label: 'My profile',
    icon: UserRoundIcon,
    permission: null,
    load: () => import('#web/features/profile/index.tsx'),
    sidebar: 'hidden',
  },
  {
    path: 'onboarding',
    label: 'Onboarding',
    icon: RocketIcon,
    permission: null,
    load: () => import('#web/features/onboarding/index.tsx'),
    sidebar: 'hidden',
    layout: 'public',
  },
];

/** Legacy addresses without the /app prefix (platform §2) and where they now live. */
export const LEGACY_PATHS = [
  'dashboard',
  'pos',
  'products',
  'customers',
  'transactions',
  'employees',
  'reports',
  'settings',
] as const;

export function hasRoleFor(route: BusinessAppRoute, role: string | undefined): boolean {
  return !route.roles || route.roles.some((allowed) => allowed === role);
}

export function hasPermissionFor(route: BusinessAppRoute, permissions: readonly string[]): boolean {
  return route.permission === null || permissions.includes(route.permission);
}

/** Who is asking: the signed-in person's role and permissions (GET /api/v1/me). */
export type Person = { role: string; permissions: readonly string[] };

/** Whether a person may open a page: their role (when the page names roles) and the permission. */
export function canOpen(route: BusinessAppRoute, person: Person): boolean {
  return hasRoleFor(route, person.role) && hasPermissionFor(route, person.permissions);
}

/** The sidebar entries a person may open, in order. */
export function sidebarRoutes(
  person: Person,
  routes: readonly BusinessAppRoute[] = BUSINESS_APP_ROUTES,
): BusinessAppRoute[] {
  return routes.filter(
    (route) => (route.layout ?? 'shell') === 'shell' && route.sidebar !== 'hidden' && canOpen(route, person),
  );
}

/**
 * Where /app and unknown addresses take a person: the first sidebar page they may open (a cashier lands on
 * the till, not on Access Denied), or their profile when they may open none.
 */
export function landingPath(
  person: Person,
  routes: readonly BusinessAppRoute[] = BUSINESS_APP_ROUTES,
): string {
  const first = sidebarRoutes(person, routes).find(
    (route) => route.sidebar === undefined || route.sidebar === 'main',
  );
  return `/app/${first?.path ?? 'profile'}`;
}
