import {
  browserStorage,
  businessStorageKey,
  readStorage,
  STORAGE_KEYS,
  writeStorage,
} from './storage-keys.ts';

// Where a signed-out tab goes back to. A till is opened at /app/auth?mode=pin (the address in the PIN mail,
// a bookmark on the till); after Sign Out, or when the session ends, the next person must find the PIN
// screen again, not the email and password form. The tab remembers, per business, the sign-in screen its
// address asked for.

const AUTH_PATH = '/app/auth';
const PIN_AUTH_PATH = '/app/auth?mode=pin';

const modeKey = (slug: string) => businessStorageKey(STORAGE_KEYS.signInMode, slug);

/**
 * Called when the sign-in page opens, with the `mode` of its address: `pin` is remembered for the tab,
 * another named mode forgets it, and no mode (where sign-out and the session's end lead) leaves it as it is.
 */
export function rememberSignInMode(slug: string, mode: string | null): void {
  if (mode === null) return;
  writeStorage(browserStorage('session'), modeKey(slug), mode === 'pin' ? 'pin' : null);
}

/**
 * The sign-in address for a tab whose person just signed out or whose session ended: the PIN screen when
 * the tab was opened on it or the session was a PIN session, else the email and password form.
 */
export function signedOutPath(slug: string, authMethod?: 'pin' | 'password'): string {
  const remembered = readStorage(browserStorage('session'), modeKey(slug));
  return remembered === 'pin' || authMethod === 'pin' ? PIN_AUTH_PATH : AUTH_PATH;
}
