import { useEffect, useState } from 'react';

// Registers the service worker (production builds only) and tells the app when a new release is installed and
// waiting. The new worker takes over only when asked (applyUpdate), which the app does only with an empty cart:
// never in the middle of a sale.

let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();
const announce = () => {
  for (const listener of listeners) listener();
};

export function registerServiceWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const hadController = Boolean(navigator.serviceWorker.controller);
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js', { updateViaCache: 'none' })
      .then((registration) => {
        const track = (worker: ServiceWorker | null) => {
          if (!worker) return;
          const check = () => {
            // Installed while an older worker controls the page: an update, not the first install.
            if (worker.state === 'installed' && navigator.serviceWorker.controller) {
              waiting = worker;
              announce();
            }
          };
          check();
          worker.addEventListener('statechange', check);
        };
        track(registration.waiting);
        registration.addEventListener('updatefound', () => track(registration.installing));
        // A till left open for days still hears of releases.
        window.setInterval(() => void registration.update().catch(() => undefined), 60 * 60_000);
      })
      .catch((error: unknown) => console.warn('The offline app could not be installed', error));
  });
  let isReloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // The first install takes no page over (no reload); an update applied on request does.
    if (!hadController || isReloading) return;
    isReloading = true;
    window.location.reload();
  });
}

export function useUpdateWaiting(): boolean {
  const [isWaiting, setWaiting] = useState(waiting !== null);
  useEffect(() => {
    const listener = () => setWaiting(waiting !== null);
    listeners.add(listener);
    listener();
    return () => {
      listeners.delete(listener);
    };
  }, []);
  return isWaiting;
}

/** The waiting release takes over; the page reloads when it has (controllerchange). */
export function applyUpdate(): void {
  waiting?.postMessage({ type: 'SKIP_WAITING' });
}
