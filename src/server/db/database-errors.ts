/**
 * The database's error of SQLSTATE `code` in a thrown error, if there is one. Drivers and Drizzle wrap the
 * database's error, so the chain of causes is followed a few levels down.
 */
export function databaseError(error: unknown, code: string): { code: string; constraint?: unknown } | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === code) return { code, constraint: candidate.constraint };
    current = candidate.cause;
  }
  return null;
}

/**
 * The name of the unique constraint a database error broke, if it is a unique violation (SQLSTATE 23505);
 * '' when the driver did not name it, null for any other error.
 */
export function uniqueViolation(error: unknown): string | null {
  const violation = databaseError(error, '23505');
  if (!violation) return null;
  return typeof violation.constraint === 'string' ? violation.constraint : '';
}
