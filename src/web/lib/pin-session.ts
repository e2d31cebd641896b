import { parseStoredPinSession, type StoredPinSession } from '#domain/pin.ts';
import {
  browserStorage,
  businessStorageKey,
  readStorage,
  STORAGE_KEYS,
  writeStorage,
} from './storage-keys.ts';

// The browser's own record of a PIN sign-in (platform §3, §4). The server's session cookie is what grants
// access; this record lets the till show who signed in by PIN and until when, and is deleted once expired.
// One record per business: a PIN sign-in at one shop says nothing about another shop open on this origin.

const pinSessionKey = (slug: string) => businessStorageKey(STORAGE_KEYS.pinSession, slug);

export function readPinSession(slug: string, now = Date.now()): StoredPinSession | null {
  const storage = browserStorage('local');
  const raw = readStorage(storage, pinSessionKey(slug));
  const session = parseStoredPinSession(raw, now);
  if (raw !== null && session === null) writeStorage(storage, pinSessionKey(slug), null);
  return session;
}

export function writePinSession(slug: string, session: StoredPinSession): void {
  writeStorage(browserStorage('local'), pinSessionKey(slug), JSON.stringify(session));
}

export function clearPinSession(slug: string): void {
  writeStorage(browserStorage('local'), pinSessionKey(slug), null);
}
