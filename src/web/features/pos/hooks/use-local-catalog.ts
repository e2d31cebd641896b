import { useEffect, useState } from 'react';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { syncCatalog } from '#web/lib/offline/catalog.ts';
import { isLocalDbAvailable } from '#web/lib/offline/local-db.ts';
import { useBrowserOnline } from '#web/lib/offline/status.ts';

const REFRESH_MS = 60_000;

/**
 * Keeps the till's local copy of the catalog and customers up to date while the till is open (issue 15): as
 * soon as the grid has its first products, when the connection comes back, and every minute. Changes made
 * elsewhere (a price, a new product, the stock another till sold) reach the grid by the next refresh, or at
 * once after a sale here. `isGridShown` holds the first copy back until the grid has answered: on a first
 * visit over a slow line the grid's own page of products must not share the bandwidth with the whole catalog.
 */
export function useLocalCatalog(isGridShown: boolean): void {
  const slug = useBusinessSlug();
  const online = useBrowserOnline();
  // Once started it stays on: a new search empties the grid for a moment, which must not restart the copy.
  const [isStarted, setStarted] = useState(isGridShown);
  if (isGridShown && !isStarted) setStarted(true);
  useEffect(() => {
    if (!online || !isStarted || !isLocalDbAvailable()) return;
    void syncCatalog(slug).catch(() => undefined);
    const timer = window.setInterval(() => void syncCatalog(slug).catch(() => undefined), REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [slug, online, isStarted]);
}
