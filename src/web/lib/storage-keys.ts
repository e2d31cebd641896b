// Every key the web app writes to the browser's storage, in one place so none collide (platform §3
// "Interface preferences (local)", §9 persisted query cache).
export const STORAGE_KEYS = {
  theme: 'pos-theme',
  interfaceVersion: 'pos-interface-version',
  queryCache: 'pos-query-cache',
  /** sessionStorage: the `?business=` slug of this tab on localhost and IP hosts. */
  businessSlug: 'pos-business-slug',
  /** Whether the business app's sidebar is open on a wide screen (platform §2 "Layout and shell"). */
  sidebarOpen: 'pos-sidebar-open',
  /** The PIN session record of platform §3 (user, is_pending, timestamp, expiresAt). */
  pinSession: 'pos-pin-session',
} as const;

/** Storage can throw (private mode, blocked cookies, full quota); a preference is never worth a crash. */
export function readStorage(storage: Storage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(storage: Storage | undefined, key: string, value: string | null): void {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch {
    // The preference lasts for this page only; nothing else to do.
  }
}

/** The browser's storage, or undefined where reading it throws (some privacy modes). */
export function browserStorage(kind: 'local' | 'session'): Storage | undefined {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}
