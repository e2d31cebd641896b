import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { isApiError } from '#web/lib/api-client.ts';

// The one mapping from a server's refusal (`{ error: { fields } }`, platform §9) to react-hook-form errors,
// used by every form of the web app.

/** The messages the server gave per field, or null when the error names no field. */
export function serverFieldErrors(error: unknown): Record<string, string> | null {
  return isApiError(error) && error.fields ? error.fields : null;
}

/**
 * Puts the messages of the server for `fields` under the fields themselves, focusing the first (unless
 * `shouldFocus` is false); true if it showed any, so the caller need not also toast the same message.
 */
export function showServerFieldErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, unknown>, 'setError'>,
  error: unknown,
  fields: readonly Path<T>[],
  { shouldFocus = true }: { shouldFocus?: boolean } = {},
): boolean {
  const messages = serverFieldErrors(error);
  if (!messages) return false;
  let shown = false;
  for (const field of fields) {
    const message = messages[field];
    if (message) {
      form.setError(field, { message }, { shouldFocus: shouldFocus && !shown });
      shown = true;
    }
  }
  return shown;
}
