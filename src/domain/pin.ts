// PIN quick login (platform §2 "PIN screen", §4, §5, §9).

/** The sign-in call takes exactly this many digits. */
export const PIN_LENGTH = 6;
/** The Sign In button is enabled from this many digits on. */
export const PIN_MIN_DIGITS = 4;
/** platform §4: a PIN session lasts 8 hours from sign-in. */
export const PIN_SESSION_MS = 8 * 60 * 60_000;

/** What the PIN field keeps of what was typed or pasted: digits only, at most six. */
export function cleanPinInput(value: string): string {
  return value.replace(/\D/g, '').slice(0, PIN_LENGTH);
}

export function canSubmitPin(pin: string): boolean {
  return pin.length >= PIN_MIN_DIGITS;
}

/** platform §3 "Stored PIN session (kept locally in the browser)". */
export type StoredPinSession = {
  user: { user_id: string; user_email: string; user_name: string; user_role: string };
  is_pending: boolean;
  /** When the session began, ms since the epoch. */
  timestamp: number;
  /** When it ends, ms since the epoch. */
  expiresAt: number;
};

/** Reads a stored PIN session; null for anything malformed or expired (platform §4: an expired one is deleted). */
export function parseStoredPinSession(raw: string | null, now: number): StoredPinSession | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Partial<StoredPinSession>;
  const user = record.user;
  if (
    typeof record.timestamp !== 'number' ||
    typeof record.expiresAt !== 'number' ||
    typeof record.is_pending !== 'boolean' ||
    typeof user !== 'object' ||
    user === null ||
    typeof user.user_id !== 'string' ||
    typeof user.user_email !== 'string' ||
    typeof user.user_name !== 'string' ||
    typeof user.user_role !== 'string'
  ) {
    return null;
  }
  if (record.expiresAt <= now) return null;
  return record as StoredPinSession;
}
