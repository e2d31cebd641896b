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
