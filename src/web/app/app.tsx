import { BusinessAppPagesProvider } from '#web/lib/app-routes.tsx';
import { BUSINESS_APP_PAGES } from './business-app-pages.tsx';
import { AppProviders } from './providers.tsx';
import { type AppMode, AppRouter } from './router.tsx';

/** The whole app for one page load; `slug` says whether this is a business or the public site. */
export function App(mode: AppMode) {
  return (
    <AppProviders slug={mode.slug}>
      <BusinessAppPagesProvider pages={BUSINESS_APP_PAGES}>
        <AppRouter mode={mode} />
      </BusinessAppPagesProvider>
    </AppProviders>
  );
}
