import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { InterfaceVersionProvider } from '#web/lib/interface-version.tsx';
import { ThemeProvider, useTheme } from '#web/lib/theme.tsx';
import { toasterWanted } from '#web/lib/toast.ts';
import {
  createPersistOptions,
  createQueryClient,
  persistQueryCache,
  restoreQueryCache,
} from './query-client.ts';

// Loaded and mounted with the first toast (lib/toast.ts), so it never shares the first page's slow line.
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

function ThemedToaster() {
  const { resolvedTheme } = useTheme();
  const isWanted = useSyncExternalStore(toasterWanted.subscribe, toasterWanted.get, toasterWanted.get);
  if (!isWanted) return null;
  // platform §9: one toast at a time, 4 seconds.
  return (
    <Suspense fallback={null}>
      <Toaster
        theme={resolvedTheme}
        visibleToasts={1}
        duration={4000}
        richColors
        closeButton
        position="top-center"
      />
    </Suspense>
  );
}

/** `slug`: the business of this page load (null on the public site), whose own cache is restored. */
export function AppProviders({ slug, children }: { slug: string | null; children: ReactNode }) {
  // One client and persister per mounted app; state, not module globals, so tests get fresh ones. The client
  // starts with what this device kept (restoreQueryCache), so the first render is already the page.
  const [persistOptions] = useState(() => createPersistOptions(slug));
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    restoreQueryCache(client, persistOptions);
    return client;
  });
  // Every change to the cache goes to disk (throttled) from now on.
  useEffect(() => persistQueryCache(queryClient, persistOptions), [persistOptions, queryClient]);
  // What this page changed is on disk before the page goes: a reload never restores an older state.
  useEffect(() => {
    const flush = () => persistOptions.persister.flush();
    const onHidden = () => document.visibilityState === 'hidden' && flush();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHidden);
    };
  }, [persistOptions]);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <InterfaceVersionProvider>
          {children}
          <ThemedToaster />
        </InterfaceVersionProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
