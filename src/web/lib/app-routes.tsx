import type { LucideIcon } from 'lucide-react';
import { type ComponentType, createContext, type ReactNode, useContext } from 'react';
import type { PosFeature } from '#domain/business.ts';
import type { Permission, Role } from '#domain/permissions.ts';
import { type LazyComponent, lazyComponent } from './lazy-component.ts';

/**
 * A page of the business app (platform §2 "Business app", operations §2). The table of them lives in
 * src/web/app (the one place that composes features) and reaches the shell through BusinessAppPagesProvider;
 * the router and the sidebar are both built from it, so a page and its menu item never disagree, and a page
 * a person may not open is neither in their sidebar nor reachable by its address.
 */
export type BusinessAppRoute = {
  /** Path under /app, e.g. 'products' for /app/products. */
  path: string;
  /** Sidebar text. */
  label: string;
  icon: LucideIcon;
  /** What the page needs (platform §2 table); null: any signed-in person of the business. */
  permission: Permission | null;
  /**
   * The POS feature (Settings → Business, platform §9) the page belongs to: turned off, the page and its menu
   * entry are gone for everyone.
   */
  feature?: PosFeature;
  /** Roles allowed besides the permission (platform §2: a guard can require a role), e.g. owner and manager. */
  roles?: readonly Role[];
  /** What a person who may not open the page is told instead of the guard's general text (operations §2). */
  deniedMessage?: string;
  load: () => Promise<{ default: ComponentType }>;
  /** Where the entry shows in the sidebar: at the top level (default), under another entry's path, or not. */
  sidebar?: 'main' | { under: string } | 'hidden';
  /**
   * 'shell' (default): inside the sidebar and top bar; 'full': the whole screen for a signed-in person
   * (the customer display); 'public': the whole screen, no sign-in needed (onboarding, like /app/auth).
   */
  layout?: 'shell' | 'full' | 'public';
};

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

/** Who is asking: the signed-in person's role and permissions, and their business's features (GET /api/v1/me). */
export type Person = {
  role: string;
  permissions: readonly string[];
  business?: { pos_features?: readonly string[] };
};

/** Whether the business has the page's POS feature turned on (a page of no feature always is). */
export function isFeatureOn(route: BusinessAppRoute, person: Pick<Person, 'business'>): boolean {
  const features = person.business?.pos_features;
  return !route.feature || features === undefined || features.includes(route.feature);
}

/** Whether a person may open a page: their business has its feature, their role and the permission. */
export function canOpen(route: BusinessAppRoute, person: Person): boolean {
  return (
    isFeatureOn(route, person) &&
    hasRoleFor(route, person.role) &&
    hasPermissionFor(route, person.permissions)
  );
}

/** The sidebar entries a person may open, in order. */
export function sidebarRoutes(person: Person, routes: readonly BusinessAppRoute[]): BusinessAppRoute[] {
  return routes.filter(
    (route) => (route.layout ?? 'shell') === 'shell' && route.sidebar !== 'hidden' && canOpen(route, person),
  );
}

/**
 * Where /app and unknown addresses take a person: the first sidebar page they may open (a cashier lands on
 * the till, not on Access Denied), or their profile when they may open none.
 */
export function landingPath(person: Person, routes: readonly BusinessAppRoute[]): string {
  const first = sidebarRoutes(person, routes).find(
    (route) => route.sidebar === undefined || route.sidebar === 'main',
  );
  return `/app/${first?.path ?? 'profile'}`;
}

// One lazy component per entry, made once: a page's chunk is fetched on its first visit (or preload) only.
const PAGES = new WeakMap<BusinessAppRoute, LazyComponent<ComponentType>>();

/** The page component of an entry, loaded with its chunk. */
export function routePage(route: BusinessAppRoute): LazyComponent<ComponentType> {
  let page = PAGES.get(route);
  if (!page) {
    page = lazyComponent(route.load);
    PAGES.set(route, page);
  }
  return page;
}

/** The entry an address of the business app shows (the longest path that holds it), if any. */
export function routeAt(pathname: string, routes: readonly BusinessAppRoute[]): BusinessAppRoute | undefined {
  let found: BusinessAppRoute | undefined;
  for (const route of routes) {
    const base = `/app/${route.path}`;
    const holds = pathname === base || pathname.startsWith(`${base}/`);
    if (holds && (!found || route.path.length > found.path.length)) found = route;
  }
  return found;
}

/**
 * Starts loading the code of the page an address shows, if any; settles once it is in or failed (a failed load
 * is tried again when the page renders).
 */
export function preloadPageAt(pathname: string, routes: readonly BusinessAppRoute[]): Promise<void> {
  const route = routeAt(pathname, routes);
  if (!route) return Promise.resolve();
  return routePage(route)
    .preload()
    .catch(() => undefined);
}

/** What the business app shows: its table of pages and the sign-in pages outside the shell. */
export type BusinessAppPages = {
  routes: readonly BusinessAppRoute[];
  authPage: ComponentType;
  resetPasswordPage: ComponentType;
  verifyEmailPage: ComponentType;
};

const BusinessAppPagesContext = createContext<BusinessAppPages | null>(null);

export function BusinessAppPagesProvider({
  pages,
  children,
}: {
  pages: BusinessAppPages;
  children: ReactNode;
}) {
  return <BusinessAppPagesContext value={pages}>{children}</BusinessAppPagesContext>;
}

export function useBusinessAppPages(): BusinessAppPages {
  const pages = useContext(BusinessAppPagesContext);
  if (!pages) throw new Error('useBusinessAppPages must be used inside <BusinessAppPagesProvider>');
  return pages;
}
