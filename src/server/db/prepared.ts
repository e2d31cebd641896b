import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';

// Hot statements (a checkout's) are prepared once per connection on PostgreSQL: parsed and planned once, then
// only bound and run. Planning the sale's write, a dozen CTEs under row-level security, cost the database
// ≈ 0.8 ms of CPU per sale. A statement opts in with `prepared`, which marks its text; the pool's connections
// (client.ts) name a marked statement by its text, so one written differently (a sale with or without a
// customer) is a statement of its own and never meets another's text under the same name.

const MARK = '/* prepared ';
const MARKED = /^\/\* prepared ([a-z_]+) \*\//;
/** Names made so far; bounded like the code's own statements, capped against a text that varies. */
const names = new Map<string, string>();
const MAX_NAMES = 500;

/** `query`, prepared on PostgreSQL's connections under `name` (lower case and underscores). */
export function prepared(name: string, query: SQL): SQL {
  if (!/^[a-z_]+$/.test(name)) throw new Error(`Not a statement name: ${name}`);
  return sql`${sql.raw(`${MARK}${name} */ `)}${query}`;
}

/** The statement name for a marked text, or undefined: not marked, or too many texts seen already. */
export function preparedStatementName(text: string): string | undefined {
  if (!text.startsWith(MARK)) return undefined;
  const known = names.get(text);
  if (known) return known;
  const label = MARKED.exec(text)?.[1];
  if (!label || names.size >= MAX_NAMES) return undefined;
  const name = `${label}_${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
  names.set(text, name);
  return name;
}
