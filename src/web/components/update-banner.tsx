import { RefreshCwIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { CART_STORAGE_KEY } from '#domain/cart.ts';
import { Button } from '#web/components/ui/button.tsx';
import { applyUpdate, useUpdateWaiting } from '#web/lib/offline/service-worker.ts';
import { browserStorage, businessStorageKey, readStorage } from '#web/lib/storage-keys.ts';

function isCartEmpty(slug: string): boolean {
  const stored = readStorage(browserStorage('local'), businessStorageKey(CART_STORAGE_KEY, slug));
  if (!stored) return true;
  try {
    const cart = JSON.parse(stored) as { lines?: unknown[] };
    return !Array.isArray(cart.lines) || cart.lines.length === 0;
  } catch {
    return true;
  }
}

/**
 * A new release is installed and waiting (issue 15): offered only while the till's cart is empty, so an update
 * never lands in the middle of a sale. Until then the app keeps running the release it started with.
 */
export function UpdateBanner({ slug }: { slug: string }) {
  const isWaiting = useUpdateWaiting();
  const [isEmpty, setEmpty] = useState(() => isCartEmpty(slug));
  useEffect(() => {
    if (!isWaiting) return;
    setEmpty(isCartEmpty(slug));
    const timer = window.setInterval(() => setEmpty(isCartEmpty(slug)), 2000);
    return () => window.clearInterval(timer);
  }, [isWaiting, slug]);
  if (!isWaiting || !isEmpty) return null;
  return (
    <section
      aria-label="Update available"
      className="mb-4 flex flex-wrap items-center gap-3 rounded-lg border border-sky-300 bg-sky-50 px-3 py-2 text-sky-950 text-sm dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100"
    >
      <p className="flex-1">A new version of Akwaaba POS is ready.</p>
      <Button size="sm" onClick={applyUpdate}>
        <RefreshCwIcon aria-hidden="true" />
        Update available — Reload
      </Button>
    </section>
  );
}
