import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { type DehydrateOptions, dehydrate, hydrate, QueryClient } from '@tanstack/react-query';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { isApiError } from '#web/lib/api-client.ts';
import { browserStorage, businessStorageKey, STORAGE_KEYS } from '#web/lib/storage-keys.ts';

const MINUTE = 60_000;

// platform §9: client errors 400-499 are the caller's fault and will fail again, except a request timeout
// (408) and rate limiting (429), which a later attempt may pass.
export function isRetryableError(error: unknown): boolean {
  if (!isApiError(error)) return true;
  const { status } = error;
  if (status >= 400 && status <= 499) return status === 408 || status === 429;
  return true;
}

/** Queries try up to 3 more times (platform §9), never after a client error. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < 3 && isRetryableError(error);
}

/** Mutations try once more (platform §9); a refused write (4xx) would only be refused again. */
export function shouldRetryMutation(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && isRetryableError(error);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * MINUTE,
        gcTime: 10 * MINUTE,
        retry: shouldRetryQuery,
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
      },
      mutations: { retry: shouldRetryMutation },
    },
  });
}

// platform §9: persisted under a fixed key for 24 hours, buster 1.0.0, written at most once a second.
export const PERSIST_MAX_AGE = 24 * 60 * MINUTE;
export const PERSIST_BUSTER = '1.0.0';

/** The public site and the admin area (no business) keep their own cache, apart from every business's. */
const NO_BUSINESS = '-';

/**
 * One persisted cache per business: two businesses open on one origin (localhost, a shop server's IP with
 * ?business=) never restore each other's lists.
 */
export function queryCacheStorageKey(slug: string | null): string {
  return businessStorageKey(STORAGE_KEYS.queryCache, slug ?? NO_BUSINESS);
}

export type PersistOptions = {
  persister: FlushablePersister;
  /** A kept copy older than this is not restored. */
  maxAge: number;
  /** A kept copy of another version is not restored. */
  buster: string;
  dehydrateOptions: DehydrateOptions;
};

export function createPersistOptions(
  slug: string | null,
  storage: Storage | undefined = browserStorage('local'),
): PersistOptions {
  return {
    persister: flushablePersister(storage, queryCacheStorageKey(slug)),
    maxAge: PERSIST_MAX_AGE,
    buster: PERSIST_BUSTER,
    dehydrateOptions: { shouldDehydrateQuery: isWorthKeeping },
  };
}

/**
 * What goes on disk: every query read successfully, and also one that holds data but whose latest read failed
 * in a way a later one may not (no network, a server error). A till on a network that is connected but
 * reaches nothing fails its refreshes while it goes on working from what it read; the copy on disk must keep
 * that, the signed-in session first, or the next reload there finds no session and no till. TanStack's own
 * rule keeps successful queries only. A read the server refused (4xx) is not kept: the server said no.
 */
export function isWorthKeeping(query: { state: { status: string; data: unknown; error: unknown } }): boolean {
  const { status, data, error } = query.state;
  return status === 'success' || (data !== undefined && isRetryableError(error));
}

export type FlushablePersister = Omit<Persister, 'restoreClient'> & {
  /** What is on disk, read at once (localStorage): the app restores it before its first render. */
  restoreClient(): PersistedClient | undefined;
  /** Writes the newest state now, if the throttle still holds it back. */
  flush(): void;
};

/**
 * The persister writes at most once a second (platform §9), so a page left within that second (a reload right
 * after a save, a link to another page) would come back to the state before the save. `flush` writes what is
 * held back at once; the app calls it when the page is hidden or left. A removed cache (sign-out) stays removed.
 */
export function flushablePersister(storage: Storage | undefined, key: string): FlushablePersister {
  const throttled = createSyncStoragePersister({ storage, key, throttleTime: 1000 });
  let unsaved: PersistedClient | null = null;
  return {
    ...throttled,
    // A storage persister reads at once; TanStack's type allows a promise for other kinds.
    restoreClient: () => throttled.restoreClient() as PersistedClient | undefined,
    persistClient(client) {
      const kept = withoutFailedReads(client);
      unsaved = kept;
      return throttled.persistClient(kept);
    },
    removeClient() {
      unsaved = null;
      return throttled.removeClient();
    },
    flush() {
      if (!storage || !unsaved) return;
      try {
        storage.setItem(key, JSON.stringify(unsaved));
      } catch {
        // A full storage keeps the last copy it took; the next load reads from the server anyway.
      }
      unsaved = null;
    },
  };
}

/**
 * A query kept for its data after a failed read goes on disk as that data: the failure (an error object that
 * would not survive JSON) stays with this page. Restored queries are read again anyway.
 */
function withoutFailedReads(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.map((query) =>
    query.state.status === 'error'
      ? {
          ...query,
          state: {
            ...query.state,
            status: 'success' as const,
            error: null,
            fetchFailureCount: 0,
            fetchFailureReason: null,
          },
        }
      : query,
  );
  return { ...client, clientState: { ...client.clientState, queries } };
}

/**
 * Puts what an earlier page load of this business kept on disk into `queryClient`, synchronously, before the app
 * first renders. TanStack's own provider restores in an effect after the first render, so a repeat visit
 * rendered a spinner, restored, and then rendered the till: on a slow phone that first pass and its paint were
 * a tenth of a second before the first product card. The rules are TanStack's (`persistQueryClientRestore`): a
 * copy older than `maxAge`, of another `buster`, without a timestamp or unreadable is removed, not shown.
 * Whatever is restored is marked stale at once (`markRestoredQueriesStale`).
 */
export function restoreQueryCache(queryClient: QueryClient, options: PersistOptions): void {
  const { persister, maxAge, buster } = options;
  let kept: PersistedClient | null | undefined;
  try {
    kept = persister.restoreClient();
  } catch {
    kept = null; // not JSON: written by something else, or cut short
  }
  if (kept === undefined) return; // nothing on disk
  const discard = () => {
    queryClient.clear();
    persister.removeClient();
  };
  const isRestorable = (copy: PersistedClient | null): copy is PersistedClient =>
    copy !== null &&
    typeof copy.timestamp === 'number' &&
    Date.now() - copy.timestamp <= maxAge &&
    copy.buster === buster;
  if (!isRestorable(kept)) {
    discard();
    return;
  }
  try {
    hydrate(queryClient, kept.clientState);
  } catch {
    discard();
    return;
  }
  void markRestoredQueriesStale(queryClient);
}

/** Hands the persister what `queryClient` holds now, by the app's rule of what is worth keeping. */
export function saveQueryCache(queryClient: QueryClient, options: PersistOptions): void {
  const { persister, buster, dehydrateOptions } = options;
  persister.persistClient({
    buster,
    timestamp: Date.now(),
    clientState: dehydrate(queryClient, dehydrateOptions),
  });
}

/**
 * Keeps `queryClient` on disk from now on: every query or mutation added, changed or removed is saved (the
 * persister throttles the writes). TanStack's `persistQueryClientSubscribe`, with this app's own client: the
 * persist package is built against another copy of TanStack's core. Returns the unsubscribe.
 */
export function persistQueryCache(queryClient: QueryClient, options: PersistOptions): () => void {
  const onChange = ({ type }: { type: string }) => {
    // Observers coming and going change nothing worth keeping.
    if (type === 'added' || type === 'updated' || type === 'removed') saveQueryCache(queryClient, options);
  };
  const unsubscribeQueries = queryClient.getQueryCache().subscribe(onChange);
  const unsubscribeMutations = queryClient.getMutationCache().subscribe(onChange);
  return () => {
    unsubscribeQueries();
    unsubscribeMutations();
  };
}

/**
 * Called once the persisted cache is restored. The copy on disk may be older than the server (another tab,
 * another till, or this tab's last writes that the throttled persister never saved), while its timestamps
 * would let it pass as fresh for the spec's cache times. So every restored query is marked stale: it still
 * shows at once, and the mounted ones read again now, the others when they mount.
 */
export function markRestoredQueriesStale(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries();
}
