import { type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import type { PublicBusiness } from '#domain/schemas/contact-request.ts';
import { PageSpinner } from '#web/components/page-spinner.tsx';
import { type BusinessAppRoute, LEGACY_PATHS, useBusinessAppPages } from '#web/lib/app-routes.tsx';
import { useBusinessTheme } from '#web/lib/business-theme.ts';
import { AppShell, RequireSignIn } from './components/app-shell.tsx';
import { LandingRedirect, PublicRoutePage, RoutePage } from './components/page-routes.tsx';

function Lazy({ page }: { page: ReactNode }) {
  return <Suspense fallback={<PageSpinner />}>{page}</Suspense>;
}

/**
 * The business app of one shop (platform §2 "Business app"); loaded as its own chunk. Its shell and guards
 * are here; the pages come from the table src/web/app gives through BusinessAppPagesProvider.
 */
export function BusinessApp({ business }: { business: PublicBusiness }) {
  // Settings → Business: the shop's theme colours on every page of its app, signed in or not.
  useBusinessTheme(business.theme_colors);
  const {
    routes,
    authPage: AuthPage,
    resetPasswordPage: ResetPasswordPage,
    verifyEmailPage: VerifyEmailPage,
  } = useBusinessAppPages();
  const layoutOf = (route: BusinessAppRoute) => route.layout ?? 'shell';
  return (
    <Routes>
      <Route path="app/auth" element={<Lazy page={<AuthPage />} />} />
      <Route path="app/reset-password" element={<Lazy page={<ResetPasswordPage />} />} />
      <Route path="app/verify-email" element={<Lazy page={<VerifyEmailPage />} />} />
      {routes
        .filter((route) => layoutOf(route) === 'public')
        .map((route) => (
          <Route key={route.path} path={`app/${route.path}/*`} element={<PublicRoutePage route={route} />} />
        ))}
      <Route path="app" element={<RequireSignIn />}>
        {routes
          .filter((route) => layoutOf(route) === 'full')
          .map((route) => (
            <Route key={route.path} path={`${route.path}/*`} element={<RoutePage route={route} />} />
          ))}
        <Route element={<AppShell />}>
          <Route index element={<LandingRedirect />} />
          {routes
            .filter((route) => layoutOf(route) === 'shell')
            .map((route) => (
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
