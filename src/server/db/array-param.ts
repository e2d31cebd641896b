import { sql } from 'drizzle-orm';

/** One field of each row as a single array parameter, for a statement that unnests several rows at once. */
export function arrayParam<T>(rows: readonly T[], pick: (row: T) => unknown) {
  return sql.param(rows.map(pick));
}
