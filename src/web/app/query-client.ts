import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { QueryClient } from '@tanstack/react-query';
import type { PersistQueryClientProviderProps } from '@tanstack/react-query-persist-client';
import { isApiError } from '#web/lib/api-client.ts';
import { browserStorage, STORAGE_KEYS } from '#web/lib/storage-keys.ts';

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

export function createPersistOptions(): PersistQueryClientProviderProps['persistOptions'] {
  return {
    persister: createSyncStoragePersister({
      storage: browserStorage('local'),
      key: STORAGE_KEYS.queryCache,
      throttleTime: 1000,
    }),
    maxAge: PERSIST_MAX_AGE,
    buster: PERSIST_BUSTER,
  };
}
