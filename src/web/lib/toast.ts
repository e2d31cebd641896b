import type { ExternalToast } from 'sonner';

// The app's toasts (platform §9), through sonner loaded on the first toast instead of with every page: no
// page needs its 10 kB to appear, and the toaster itself (src/web/app/providers.tsx) loads the same way.
// Every toast goes through here, so the library is imported in one place.

type Kind = 'message' | 'success' | 'error' | 'warning';

const loadSonner = () => import('sonner');

// The toaster (providers.tsx) mounts with the first toast rather than with the page: mounting it fetched
// sonner on every page load, on the same slow line as the page's first reads. sonner hands a toast made
// before its toaster subscribed to the toaster when it does.
let isToasterWanted = false;
const toasterListeners = new Set<() => void>();

/** For useSyncExternalStore: whether any toast has been shown in this page yet. */
export const toasterWanted = {
  subscribe(listener: () => void): () => void {
    toasterListeners.add(listener);
    return () => toasterListeners.delete(listener);
  },
  get: (): boolean => isToasterWanted,
};

function show(kind: Kind, message: string, options?: ExternalToast): void {
  if (!isToasterWanted) {
    isToasterWanted = true;
    for (const listener of toasterListeners) listener();
  }
  void loadSonner()
    .then(({ toast: sonner }) => {
      if (kind === 'message') sonner(message, options);
      else sonner[kind](message, options);
    })
    .catch(() => {
      // The library could not be downloaded (no connection, and not yet kept by the service worker): the page
      // itself shows what happened; the toast is only its echo.
    });
}

/** toast('…'), toast.success('…'), toast.error('…'), toast.warning('…'), with sonner's options. */
export const toast = Object.assign(
  (message: string, options?: ExternalToast) => show('message', message, options),
  {
    success: (message: string, options?: ExternalToast) => show('success', message, options),
    error: (message: string, options?: ExternalToast) => show('error', message, options),
    warning: (message: string, options?: ExternalToast) => show('warning', message, options),
  },
);
