import type { SQL } from 'drizzle-orm';
import type { Queryable } from './client.ts';

/** The rows of a raw SQL statement, on either driver (both answer `execute` with `{ rows }`). */
export async function rows<T>(tx: Queryable, query: SQL): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
