/**
 * The name of the unique constraint a database error broke, if it is a unique violation (SQLSTATE 23505);
 * '' when the driver did not name it, null for any other error. Drivers and Drizzle wrap the database's
 * error, so the chain of causes is followed a few levels down.
 */
export function uniqueViolation(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505')
      return typeof candidate.constraint === 'string' ? candidate.constraint : '';
    current = candidate.cause;
  }
  return null;
}
