import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { isApiError } from '#web/lib/api-client.ts';

/**
 * Puts the fields a server refused (400 with `fields`) under the fields themselves; true if it did, so the
 * caller does not also toast the same message.
 */
export function showServerFieldErrors<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  error: unknown,
  fields: readonly Path<T>[],
): boolean {
  if (!isApiError(error) || !error.fields) return false;
  let shown = false;
  for (const field of fields) {
    const message = error.fields[field];
    if (message) {
      form.setError(field, { message }, { shouldFocus: !shown });
      shown = true;
    }
  }
  return shown;
}
