import { useEffect } from 'react';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { syncCatalog } from '#web/lib/offline/catalog.ts';
import { isLocalDbAvailable } from '#web/lib/offline/local-db.ts';
import { useBrowserOnline } from '#web/lib/offline/status.ts';

const REFRESH_MS = 60_000;

/**
 * Keeps the till's local copy of the catalog and customers up to date while the till is open (issue 15): at
 * once, when the connection comes back, and every minute. Changes made elsewhere (a price, a new product, the
 * stock another till sold) reach the grid by the next refresh, or at once after a sale here.
 */
export function useLocalCatalog(): void {
  const slug = useBusinessSlug();
  const online = useBrowserOnline();
  useEffect(() => {
    if (!online || !isLocalDbAvailable()) return;
    void syncCatalog(slug).catch(() => undefined);
    const timer = window.setInterval(() => void syncCatalog(slug).catch(() => undefined), REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [slug, online]);
}
