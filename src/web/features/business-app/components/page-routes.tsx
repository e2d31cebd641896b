import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate } from 'react-router';
import { PageSpinner } from '#web/components/page-spinner.tsx';
import { useMe } from '#web/lib/session.ts';
import {
  BUSINESS_APP_ROUTES,
  type BusinessAppRoute,
  hasPermissionFor,
  hasRoleFor,
  landingPath,
} from '../routes.tsx';
import { AccessDenied } from './access-denied.tsx';

// One lazy component per entry, made once: a page's chunk is fetched on its first visit only.
const PAGES = new Map(BUSINESS_APP_ROUTES.map((route) => [route.path, lazy(route.load)]));

/** A page of the table behind its permission (platform §2 "Access guard"). */
export function RoutePage({ route }: { route: BusinessAppRoute }) {
  const me = useMe().data;
  const Page = PAGES.get(route.path);
  if (!me || !Page) return null;
  if (!hasRoleFor(route, me.role)) {
    return <AccessDenied message="You don't have permission to access this page." />;
  }
  if (!hasPermissionFor(route, me.permissions)) {
    return <AccessDenied message="You don't have the required permissions to access this page." />;
  }
  return (
    <Suspense fallback={<PageSpinner label={`Loading ${route.label}`} />}>
      <Page />
    </Suspense>
  );
}

/** /app and unknown addresses: the first page this person may open (a cashier lands on the till). */
export function LandingRedirect() {
  const me = useMe().data;
  if (!me) return null;
  return <Navigate to={landingPath(me)} replace />;
}

/** Public pages of the table (onboarding) need no sign-in; they still load lazily. */
export function PublicRoutePage({ route }: { route: BusinessAppRoute }): ReactNode {
  const Page = PAGES.get(route.path);
  if (!Page) return null;
  return (
    <Suspense fallback={<PageSpinner label={`Loading ${route.label}`} />}>
      <Page />
    </Suspense>
  );
}
