import type { ExternalToast } from 'sonner';

// The app's toasts (platform §9), through sonner loaded on the first toast instead of with every page: no
// page needs its 10 kB to appear, and the toaster itself (src/web/app/providers.tsx) loads the same way.
// Every toast goes through here, so the library is imported in one place.

type Kind = 'message' | 'success' | 'error' | 'warning';

const loadSonner = () => import('sonner');

function show(kind: Kind, message: string, options?: ExternalToast): void {
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
