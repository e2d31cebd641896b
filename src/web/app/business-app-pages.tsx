import {
  BarChart3Icon,
  FolderTreeIcon,
  IdCardIcon,
  KeyRoundIcon,
  PackageIcon,
  RocketIcon,
  SettingsIcon,
  ShoppingCartIcon,
  UserRoundIcon,
  UsersIcon,
} from 'lucide-react';
import { lazy } from 'react';
import type { BusinessAppPages, BusinessAppRoute } from '#web/lib/app-routes.tsx';

// The business app composed of its features: only src/web/app imports features, and only their index.tsx.
// A feature adds its page with one entry here; its `index.tsx` default-exports the page component, loaded on
// first visit as its own chunk.

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
    path: 'employees',
    label: 'Employees',
    icon: IdCardIcon,
    permission: 'manage_users',
    roles: ['owner', 'manager'],
    deniedMessage: "You don't have permission to access employee management.",
    load: () => import('#web/features/employees/index.tsx'),
  },
  {
    path: 'reports',
    label: 'Reports',
    icon: BarChart3Icon,
    permission: 'view_reports',
    load: () =>
      import('#web/features/business-app/index.tsx').then((module) => ({ default: module.ReportsPage })),
  },
  {
    path: 'settings',
    label: 'Settings',
    icon: SettingsIcon,
    permission: 'manage_settings',
    load: () =>
      import('#web/features/business-app/index.tsx').then((module) => ({ default: module.SettingsPage })),
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
    // After signing in with a PIN a manager issued: the person chooses their own PIN (and may set a password).
    path: 'first-login',
    label: 'Choose your PIN',
    icon: KeyRoundIcon,
    permission: null,
    load: () => import('#web/features/auth/index.tsx').then((module) => ({ default: module.FirstLoginPage })),
    sidebar: 'hidden',
    layout: 'full',
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

export const BUSINESS_APP_PAGES: BusinessAppPages = {
  routes: BUSINESS_APP_ROUTES,
  authPage: lazy(() =>
    import('#web/features/auth/index.tsx').then((module) => ({ default: module.AuthPage })),
  ),
  resetPasswordPage: lazy(() =>
    import('#web/features/auth/index.tsx').then((module) => ({ default: module.ResetPasswordPage })),
  ),
  verifyEmailPage: lazy(() =>
    import('#web/features/auth/index.tsx').then((module) => ({ default: module.VerifyEmailPage })),
  ),
};
