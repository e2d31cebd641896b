import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import type { PublicBusiness } from '#domain/schemas/contact-request.ts';
import { PageSpinner } from '#web/components/page-spinner.tsx';
import { AppShell, RequireSignIn } from './components/app-shell.tsx';
import { LandingRedirect, PublicRoutePage, RoutePage } from './components/page-routes.tsx';
import { BUSINESS_APP_ROUTES, LEGACY_PATHS } from './routes.tsx';

const AuthPage = lazy(() =>
  import('#web/features/auth/index.tsx').then((module) => ({ default: module.AuthPage })),
);
const ResetPasswordPage = lazy(() =>
  import('#web/features/auth/index.tsx').then((module) => ({ default: module.ResetPasswordPage })),
);

function Lazy({ page }: { page: ReactNode }) {
  return <Suspense fallback={<PageSpinner />}>{page}</Suspense>;
}

/**
 * The business app of one shop (platform §2 "Business app"); loaded as its own chunk. It composes the
 * features of business mode: each page comes from the route table in routes.tsx.
 */
export function BusinessApp(_props: { business: PublicBusiness }) {
  const layoutOf = (route: (typeof BUSINESS_APP_ROUTES)[number]) => route.layout ?? 'shell';
  return (
    <Routes>
      <Route path="app/auth" element={<Lazy page={<AuthPage />} />} />
      <Route path="app/reset-password" element={<Lazy page={<ResetPasswordPage />} />} />
      {BUSINESS_APP_ROUTES.filter((route) => layoutOf(route) === 'public').map((route) => (
        <Route key={route.path} path={`app/${route.path}/*`} element={<PublicRoutePage route={route} />} />
      ))}
      <Route path="app" element={<RequireSignIn />}>
        {BUSINESS_APP_ROUTES.filter((route) => layoutOf(route) === 'full').map((route) => (
          <Route key={route.path} path={`${route.path}/*`} element={<RoutePage route={route} />} />
        ))}
        <Route element={<AppShell />}>
          <Route index element={<LandingRedirect />} />
          {BUSINESS_APP_ROUTES.filter((route) => layoutOf(route) === 'shell').map((route) => (
            <Route key={route.path} path={`${route.path}/*`} element={<RoutePage route={route} />} />
          ))}
          <Route path="*" element={<LandingRedirect />} />
        </Route>
      </Route>
      {LEGACY_PATHS.map((path) => (
        <Route key={path} path={path} element={<Navigate to={`/app/${path}`} replace />} />
      ))}
      <Route path="*" element={<Navigate to="/app" replace />} />
    </Routes>
  );
}
