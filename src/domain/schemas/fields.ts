import { z } from 'zod';

// Field builders whose every failure, missing value included, reads as the spec's message.

/** Text that must be present: missing, not text and blank all read as `message`. */
export function requiredText(message: string, max = 200, tooLong = `Must be at most ${max} characters`) {
  return z.string({ error: message }).trim().min(1, message).max(max, tooLong);
}

export function emailField(message = 'Please enter a valid email address') {
  return z
    .string({ error: message })
    .trim()
    .max(254, 'Email is too long')
    .pipe(z.email(message))
    .transform((email) => email.toLowerCase());
}

/** Optional text: missing, null and blank all become undefined. */
export function optionalText(max: number, tooLong = `Must be at most ${max} characters`) {
  return z
    .string({ error: 'Must be text' })
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((value) => (value ? value : undefined));
}

/** What a person is told about text carrying a NUL or half of a UTF-16 pair (pasted or forged input). */
export const INVISIBLE_CHARACTERS_MESSAGE = 'Remove the invisible characters from this field';

// A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
// PostgreSQL cannot store the first, and the others are not valid Unicode text.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether text holds a character no field of ours may store (see above). */
export function hasUnsafeCharacters(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/**
 * The path ('items.0.name') of the first text, or object key, holding unsafe characters anywhere in a
 * parsed request part; null when there is none. `prefix` names the part itself when it is plain text.
 */
export function findUnsafeText(value: unknown, prefix = ''): string | null {
  if (typeof value === 'string') return hasUnsafeCharacters(value) ? prefix : null;
  if (value === null || typeof value !== 'object') return null;
  const entries = Array.isArray(value) ? value.entries() : Object.entries(value);
  for (const [key, item] of entries) {
    const path = prefix ? `${prefix}.${key}` : String(key);
    if (typeof key === 'string' && hasUnsafeCharacters(key)) return path;
    const found = findUnsafeText(item, path);
    if (found !== null) return found;
  }
  return null;
}
