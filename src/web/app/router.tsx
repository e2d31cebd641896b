import { type ComponentType, Suspense } from 'react';
import { BrowserRouter, type RouteObject, useRoutes } from 'react-router';
import { PageSpinner } from '#web/components/page-spinner.tsx';
import { WhenLoaded } from '#web/components/when-loaded.tsx';
import { type LazyComponent, lazyComponent } from '#web/lib/lazy-component.ts';
import { BusinessGate } from './business-gate.tsx';
import { useDocumentMeta } from './document-meta.ts';
import { RouteErrorBoundary } from './route-error.tsx';
import { ScrollRestorer } from './scroll-restorer.tsx';
import { VersionSwitch } from './version-switch.tsx';

// Each area is its own chunk: a shop's till never downloads the marketing pages, and the public site never
// downloads the till.
const PublicSite = lazyComponent(() =>
  import('#web/features/public-site/index.tsx').then((module) => ({ default: module.PublicSite })),
);
const SignUpPage = lazyComponent(() =>
  import('#web/features/auth/index.tsx').then((module) => ({ default: module.SignUpPage })),
);
const SandboxPaymentPage = lazyComponent(() =>
  import('#web/features/sandbox-pay/index.tsx').then((module) => ({ default: module.SandboxPaymentPage })),
);
const AdminRoutes = lazyComponent(() =>
  import('#web/features/admin/index.tsx').then((module) => ({ default: module.AdminRoutes })),
);

/** An area once its code is there (from this device's cache on a repeat visit); the page's spinner until then. */
function Area({ component: Component }: { component: LazyComponent<ComponentType> }) {
  return (
    <WhenLoaded component={Component} fallback={<PageSpinner />}>
      <Component />
    </WhenLoaded>
  );
}

/** platform §2: with no business slug the app is the public site; the admin area lives there too. */
function publicRoutes(): RouteObject[] {
  return [
    { path: 'admin/*', element: <Area component={AdminRoutes} /> },
    { path: 'admin-allowed/*', element: <Area component={AdminRoutes} /> },
    { path: 'signup', element: <Area component={SignUpPage} /> },
    { path: '*', element: <Area component={PublicSite} /> },
  ];
}

function businessRoutes(slug: string): RouteObject[] {
  return [{ path: '*', element: <BusinessGate slug={slug} /> }];
}

/**
 * Single-shop mode (SINGLE_BUSINESS): every address is the shop's app, so `/` leads to its sign-in; the public
 * site, the business access page and sign-up are not offered. The admin area stays reachable for support.
 */
function singleBusinessRoutes(slug: string): RouteObject[] {
  return [
    { path: 'admin/*', element: <Area component={AdminRoutes} /> },
    { path: 'admin-allowed/*', element: <Area component={AdminRoutes} /> },
    ...businessRoutes(slug),
  ];
}

export type AppMode = { slug: string | null; isSingleBusiness: boolean };

/** The sandbox's pretend phone or card terminal: reached by a link or QR code, on any address, no sign-in. */
const sandboxPayRoute: RouteObject = {
  path: 'pay/sandbox/:reference',
  element: <Area component={SandboxPaymentPage} />,
};

export function appRoutes({ slug, isSingleBusiness }: AppMode): RouteObject[] {
  if (!slug) return [sandboxPayRoute, ...publicRoutes()];
  return [sandboxPayRoute, ...(isSingleBusiness ? singleBusinessRoutes(slug) : businessRoutes(slug))];
}

function AppRoutes({ routes }: { routes: RouteObject[] }) {
  useDocumentMeta();
  return (
    <>
      <ScrollRestorer />
      <VersionSwitch />
      <Suspense fallback={<PageSpinner />}>{useRoutes(routes)}</Suspense>
    </>
  );
}

/**
 * The app's pages for one page load. The declarative router, not the data router: the app loads no route
 * data through the router (TanStack Query does), and the data router would add a third of the framework's
 * weight to what the till downloads before it can sell. Its two extras the app used are kept: scroll
 * restoration and a page that offers a reload when rendering fails.
 */
export function AppRouter({ mode }: { mode: AppMode }) {
  return (
    <BrowserRouter>
      <RouteErrorBoundary>
        <AppRoutes routes={appRoutes(mode)} />
      </RouteErrorBoundary>
    </BrowserRouter>
  );
}
