import { usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { RefreshCwIcon, WifiOffIcon } from 'lucide-react';
import { PageSpinner } from '#web/components/page-spinner.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { isApiError } from '#web/lib/api-client.ts';
import { preloadPageAt } from '#web/lib/app-routes.tsx';
import { BusinessProvider } from '#web/lib/business-context.tsx';
import { lazyComponent, useLoaded } from '#web/lib/lazy-component.ts';
import { publicBusinessQuery } from '#web/lib/public-business-query.ts';
import { meQuery } from '#web/lib/session-query.ts';
import { BusinessNotFoundPage, goToMainSite } from './business-not-found-page.tsx';

const loadBusinessApp = () => import('./composed-business-app.tsx');
const BusinessApp = lazyComponent(() =>
  loadBusinessApp().then((module) => ({ default: module.ComposedBusinessApp })),
);

/** Loads the business app's code and the code of the page at `pathname`; settles once both are in or failed. */
export function preloadBusinessApp(pathname: string): Promise<void> {
  return BusinessApp.preload()
    .then(loadBusinessApp) // in already: the module itself, for its page table
    .then((module) => preloadPageAt(pathname, module.BUSINESS_APP_PAGES.routes))
    .catch(() => undefined);
}

/** Loads the business of this subdomain before anything of the business app renders. */
export function BusinessGate({ slug }: { slug: string }) {
  const business = useQuery(publicBusinessQuery(slug));
  // Who is signed in is asked at the same time as the business, not after it: one round trip less before
  // the till (400 ms on a slow 3G line).
  usePrefetchQuery(meQuery(slug));
  // The business app's code and the code of the page at this address, asked for while the business is read (or
  // restored from this device), so that the app renders at once when both are there.
  const isAppLoaded = useLoaded(BusinessApp);
  void preloadBusinessApp(window.location.pathname);

  // A cached business keeps the app usable when a background refresh fails (offline till).
  if (business.data && isAppLoaded) {
    return (
      <BusinessProvider business={business.data}>
        <BusinessApp business={business.data} />
      </BusinessProvider>
    );
  }
  if (business.data || business.isPending) return <PageSpinner label="Loading business" />;
  if (isApiError(business.error) && business.error.status === 404)
    return <BusinessNotFoundPage slug={slug} />;

  return (
    <main className="flex min-h-dvh items-center justify-center p-6">
      <div className="grid w-full max-w-md justify-items-center gap-4 rounded-2xl border bg-card p-8 text-center shadow-sm">
        <div className="flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <WifiOffIcon className="size-7" aria-hidden="true" />
        </div>
        <h1 className="font-semibold text-2xl">We couldn't open this business</h1>
        <p className="text-muted-foreground" role="alert">
          {business.error.message}
        </p>
        <div className="flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
          <Button onClick={() => business.refetch()} disabled={business.isFetching}>
            <RefreshCwIcon className={business.isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
            Try again
          </Button>
          <Button variant="outline" onClick={goToMainSite}>
            Go to main site
          </Button>
        </div>
      </div>
    </main>
  );
}
