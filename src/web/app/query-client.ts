import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { QueryClient } from '@tanstack/react-query';
import type { PersistQueryClientProviderProps } from '@tanstack/react-query-persist-client';
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

export function createPersistOptions(
  slug: string | null,
  storage: Storage | undefined = browserStorage('local'),
): PersistQueryClientProviderProps['persistOptions'] {
  return {
    persister: createSyncStoragePersister({ storage, key: queryCacheStorageKey(slug), throttleTime: 1000 }),
    maxAge: PERSIST_MAX_AGE,
    buster: PERSIST_BUSTER,
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
