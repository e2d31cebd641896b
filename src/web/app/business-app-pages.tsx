import {
  BarChart3Icon,
  FolderTreeIcon,
  IdCardIcon,
  KeyRoundIcon,
  LayoutDashboardIcon,
  MonitorSmartphoneIcon,
  PackageIcon,
  ReceiptIcon,
  RocketIcon,
  ScrollTextIcon,
  SettingsIcon,
  ShoppingCartIcon,
  TimerIcon,
  UserRoundIcon,
  UsersIcon,
} from 'lucide-react';
import type { BusinessAppPages, BusinessAppRoute } from '#web/lib/app-routes.tsx';
import { lazyComponent } from '#web/lib/lazy-component.ts';

// The business app composed of its features: only src/web/app imports features, and only their index.tsx.
// A feature adds its page with one entry here; its `index.tsx` default-exports the page component, loaded on
// first visit as its own chunk.

// Sidebar order (operations §2): Dashboard, POS, Products (Categories under it), Customers, Employees,
// Transactions, Reports, Settings. Entries are added where they belong in that order.
export const BUSINESS_APP_ROUTES: BusinessAppRoute[] = [
  {
    // First, so owners and managers land here; a cashier (no view_reports) lands on the till.
    path: 'dashboard',
    label: 'Dashboard',
    icon: LayoutDashboardIcon,
    permission: 'view_reports',
    load: () => import('#web/features/dashboard/index.tsx'),
  },
  {
    path: 'pos',
    label: 'POS',
    icon: ShoppingCartIcon,
    permission: 'process_sales',
    // The v1 till, or the v2 dual-screen terminal when the interface version is v2.
    load: () => import('#web/features/pos/index.tsx'),
  },
  {
    // Cashiers see their own shifts; managers and owners (manage_shifts) everyone's and the differences.
    path: 'shifts',
    label: 'Shifts',
    icon: TimerIcon,
    permission: 'process_sales',
    load: () => import('#web/features/shifts/index.tsx'),
    sidebar: { under: 'pos' },
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
    feature: 'customer_management',
    load: () => import('#web/features/customers/index.tsx'),
  },
  {
    path: 'employees',
    label: 'Employees',
    icon: IdCardIcon,
    permission: 'manage_users',
    feature: 'employee_management',
    roles: ['owner', 'manager'],
    deniedMessage: "You don't have permission to access employee management.",
    load: () => import('#web/features/employees/index.tsx'),
  },
  {
    path: 'transactions',
    label: 'Transactions',
    icon: ReceiptIcon,
    permission: 'view_reports',
    load: () => import('#web/features/transactions/index.tsx'),
  },
  {
    path: 'audit-log',
    label: 'Audit log',
    icon: ScrollTextIcon,
    permission: 'view_reports',
    load: () => import('#web/features/audit-log/index.tsx'),
    sidebar: { under: 'transactions' },
  },
  {
    path: 'reports',
    label: 'Reports',
    icon: BarChart3Icon,
    permission: 'view_reports',
    // Its own chunk with the chart library: nothing of it is in the till's bundle.
    load: () => import('#web/features/reports/index.tsx'),
  },
  {
    path: 'settings',
    label: 'Settings',
    icon: SettingsIcon,
    permission: 'manage_settings',
    // Business, tax, receipts, payments and roles, in tabs (?tab=…).
    load: () => import('#web/features/settings/index.tsx'),
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
    // operations §2: no permission guard; a paired tablet has no staff session at all.
    path: 'customer-display',
    label: 'Customer display',
    icon: MonitorSmartphoneIcon,
    permission: null,
    load: () => import('#web/features/customer-display/index.tsx'),
    sidebar: 'hidden',
    layout: 'public',
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
  authPage: lazyComponent(() =>
    import('#web/features/auth/index.tsx').then((module) => ({ default: module.AuthPage })),
  ),
  resetPasswordPage: lazyComponent(() =>
    import('#web/features/auth/index.tsx').then((module) => ({ default: module.ResetPasswordPage })),
  ),
  verifyEmailPage: lazyComponent(() =>
    import('#web/features/auth/index.tsx').then((module) => ({ default: module.VerifyEmailPage })),
  ),
};
