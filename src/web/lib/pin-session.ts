import { parseStoredPinSession, type StoredPinSession } from '#domain/pin.ts';
import { browserStorage, readStorage, STORAGE_KEYS, writeStorage } from './storage-keys.ts';

// The browser's own record of a PIN sign-in (platform §3, §4). The server's session cookie is what grants
// access; this record lets the till show who signed in by PIN and until when, and is deleted once expired.

export function readPinSession(now = Date.now()): StoredPinSession | null {
  const storage = browserStorage('local');
  const raw = readStorage(storage, STORAGE_KEYS.pinSession);
  const session = parseStoredPinSession(raw, now);
  if (raw !== null && session === null) writeStorage(storage, STORAGE_KEYS.pinSession, null);
  return session;
}

export function writePinSession(session: StoredPinSession): void {
  writeStorage(browserStorage('local'), STORAGE_KEYS.pinSession, JSON.stringify(session));
}

export function clearPinSession(): void {
  writeStorage(browserStorage('local'), STORAGE_KEYS.pinSession, null);
}
