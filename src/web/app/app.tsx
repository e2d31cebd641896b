import { preloadBusinessApp } from './business-gate.tsx';
import { AppProviders } from './providers.tsx';
import { type AppMode, AppRouter } from './router.tsx';

/** The whole app for one page load; `slug` says whether this is a business or the public site. */
export function App(mode: AppMode) {
  return (
    <AppProviders slug={mode.slug}>
      <AppRouter mode={mode} />
    </AppProviders>
  );
}

/**
 * Settles once the code of the page this load shows first is in, when that code is on this device: with the
 * service worker in charge (it keeps every built file) that takes milliseconds, and the first render is the page
 * itself, from the query cache this device kept, instead of a spinner, a second render and a second paint (a
 * tenth of a second of a repeat visit on a slow phone). On a first visit nothing waits: the spinner shows while
 * the code downloads.
 */
export function whenFirstPageLoaded(slug: string | null): Promise<void> {
  if (!slug || !navigator.serviceWorker?.controller) return Promise.resolve();
  return preloadBusinessApp(window.location.pathname);
}
