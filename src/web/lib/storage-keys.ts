// Every key the web app writes to the browser's storage, in one place so none collide (platform §3
// "Interface preferences (local)", §9 persisted query cache). Keys holding a business's data are only
// prefixes: they are always used through `businessStorageKey`, so two businesses open on one origin
// (localhost or a shop server's IP with ?business=) never read each other's cart, cache or PIN session.
// Device preferences (theme, interface version, sidebar, receipt paper) stay one per browser.
export const STORAGE_KEYS = {
  theme: 'pos-theme',
  interfaceVersion: 'pos-interface-version',
  /** Per business: the persisted query cache (platform §9). */
  queryCache: 'pos-query-cache',
  /** sessionStorage: the `?business=` slug of this tab on localhost and IP hosts. */
  businessSlug: 'pos-business-slug',
  /** localStorage: the business this browser last opened by `?business=`, for new tabs on localhost and IPs. */
  lastBusinessSlug: 'pos-last-business-slug',
  /** Whether the business app's sidebar is open on a wide screen (platform §2 "Layout and shell"). */
  sidebarOpen: 'pos-sidebar-open',
  /** Per business: the PIN session record of platform §3 (user, is_pending, timestamp, expiresAt). */
  pinSession: 'pos-pin-session',
  /** sessionStorage, per business: 'pin' when this tab's person signed in on the PIN screen. */
  signInMode: 'pos-sign-in-mode',
  /** Per business: this browser's till id (a UUID), shared by the till and a display it opens. */
  tillId: 'pos-till-id',
  /** Per business: single or dual screen, as the cashier chose on the v2 terminal. */
  displayMode: 'pos-display-mode',
  /** sessionStorage: where each page of this tab's history was scrolled, so a reload or Back returns there. */
  scrollPositions: 'pos-scroll-positions',
} as const;

/** The storage key of one business's copy of some data, e.g. `pos-query-cache:demo`. */
export function businessStorageKey(key: string, slug: string): string {
  return `${key}:${slug}`;
}

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
