import { isTillId } from '#domain/event-scope.ts';
import {
  browserStorage,
  businessStorageKey,
  readStorage,
  STORAGE_KEYS,
  writeStorage,
} from './storage-keys.ts';

/**
 * This browser's till id for a business: a UUID made on first use and kept in localStorage. The till and a
 * customer display opened in the same browser read the same one, so a display window opened with no query
 * string still finds its till; the server's event scopes (till:<id>, display:<id>) use it too.
 */
export function tillIdFor(slug: string, storage: Storage | undefined = browserStorage('local')): string {
  const key = businessStorageKey(STORAGE_KEYS.tillId, slug);
  const stored = readStorage(storage, key);
  if (isTillId(stored)) return stored.toLowerCase();
  const id = crypto.randomUUID();
  writeStorage(storage, key, id);
  return id;
}

/** The till id this browser already has for a business, or null when it has never been a till. */
export function existingTillId(slug: string, storage: Storage | undefined = browserStorage('local')) {
  const stored = readStorage(storage, businessStorageKey(STORAGE_KEYS.tillId, slug));
  return isTillId(stored) ? stored.toLowerCase() : null;
}
