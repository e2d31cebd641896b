import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { BusinessAppPagesProvider } from '#web/lib/app-routes.tsx';
import { BUSINESS_APP_PAGES } from './business-app-pages.tsx';
import { AppProviders } from './providers.tsx';
import { type AppMode, createAppRouter } from './router.tsx';

/** The whole app for one page load; `slug` says whether this is a business or the public site. */
export function App(mode: AppMode) {
  const [router] = useState(() => createAppRouter(mode));
  return (
    <AppProviders slug={mode.slug}>
      <BusinessAppPagesProvider pages={BUSINESS_APP_PAGES}>
        <RouterProvider router={router} />
      </BusinessAppPagesProvider>
    </AppProviders>
  );
}
