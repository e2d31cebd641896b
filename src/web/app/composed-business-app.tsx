import type { PublicBusiness } from '#domain/schemas/contact-request.ts';
import { BusinessApp } from '#web/features/business-app/index.tsx';
import { BusinessAppPagesProvider } from '#web/lib/app-routes.tsx';
import { BUSINESS_APP_PAGES } from './business-app-pages.tsx';

export { BUSINESS_APP_PAGES };

/**
 * The business app with its pages, one chunk loaded by the business gate. The table of pages is here and not in
 * the page's first file so that every page's chunk is, to the bundler, imported from the business app: code a
 * page shares with the app's shell (icons, helpers) then stays in the shell's chunk instead of a small file of
 * its own, and the till's first screen is fewer files (on a slow line, fewer round trips).
 */
export function ComposedBusinessApp({ business }: { business: PublicBusiness }) {
  return (
    <BusinessAppPagesProvider pages={BUSINESS_APP_PAGES}>
      <BusinessApp business={business} />
    </BusinessAppPagesProvider>
  );
}
