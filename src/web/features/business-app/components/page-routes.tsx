import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageSpinner } from '#web/components/page-spinner.tsx';
import { WhenLoaded } from '#web/components/when-loaded.tsx';
import {
  type BusinessAppRoute,
  hasPermissionFor,
  hasRoleFor,
  isFeatureOn,
  landingPath,
  routePage,
  useBusinessAppPages,
} from '#web/lib/app-routes.tsx';
import { useMe } from '#web/lib/session.ts';
import { AccessDenied } from './access-denied.tsx';

/** A page of the table behind its permission (platform §2 "Access guard"). */
export function RoutePage({ route }: { route: BusinessAppRoute }) {
  const me = useMe().data;
  if (!me) return null;
  if (!isFeatureOn(route, me)) {
    return (
      <AccessDenied
        title="Feature turned off"
        message={`${route.label} is turned off for this business. The owner can turn it on in Settings, under Business.`}
      />
    );
  }
  if (!hasRoleFor(route, me.role)) {
    return <AccessDenied message={route.deniedMessage ?? "You don't have permission to access this page."} />;
  }
  if (!hasPermissionFor(route, me.permissions)) {
    return (
      <AccessDenied
        message={route.deniedMessage ?? "You don't have the required permissions to access this page."}
      />
    );
  }
  return <LoadedPage route={route} />;
}

/** The page once its code is there (preloaded with the app, business-gate.tsx); its own spinner until then. */
function LoadedPage({ route }: { route: BusinessAppRoute }) {
  const Page = routePage(route);
  return (
    <WhenLoaded component={Page} fallback={<PageSpinner label={`Loading ${route.label}`} />}>
      <Page />
    </WhenLoaded>
  );
}

/** /app and unknown addresses: the first page this person may open (a cashier lands on the till). */
export function LandingRedirect() {
  const me = useMe().data;
  const { routes } = useBusinessAppPages();
  if (!me) return null;
  return <Navigate to={landingPath(me, routes)} replace />;
}

/** Public pages of the table (onboarding) need no sign-in; they still load lazily. */
export function PublicRoutePage({ route }: { route: BusinessAppRoute }): ReactNode {
  return <LoadedPage route={route} />;
}
