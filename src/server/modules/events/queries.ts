import { and, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { LiveEvent } from '#domain/live-events.ts';
import type { Queryable } from '../../db/client.ts';
import { liveEvents } from '../../db/schema/index.ts';

type EventRow = typeof liveEvents.$inferSelect;

export function toLiveEvent(row: Pick<EventRow, 'id' | 'scope' | 'type' | 'data' | 'createdAt'>): LiveEvent {
  return {
    id: String(row.id),
    type: row.type,
    scope: row.scope,
    data: row.data,
    created_at: row.createdAt.toISOString(),
  } as LiveEvent;
}

/** Events of the business in these scopes after `afterId`, oldest first (a reconnect's replay). */
export async function eventsAfter(
  db: Queryable,
  businessId: string,
  scopes: readonly string[],
  afterId: bigint,
  limit: number,
): Promise<LiveEvent[]> {
  if (scopes.length === 0) return [];
  const rows = await db
    .select()
    .from(liveEvents)
    .where(
      and(
        eq(liveEvents.businessId, businessId),
        inArray(liveEvents.scope, [...scopes]),
        gt(liveEvents.id, afterId),
      ),
    )
    .orderBy(liveEvents.id)
    .limit(limit);
  return rows.map(toLiveEvent);
}

/** The newest event of each of these types in one scope: what a display shows when it first connects. */
export async function latestOfTypes(
  db: Queryable,
  businessId: string,
  scope: string,
  types: readonly string[],
): Promise<LiveEvent[]> {
  const found: LiveEvent[] = [];
  for (const type of types) {
    const [row] = await db
      .select()
      .from(liveEvents)
      .where(
        and(eq(liveEvents.businessId, businessId), eq(liveEvents.scope, scope), eq(liveEvents.type, type)),
      )
      .orderBy(desc(liveEvents.id))
      .limit(1);
    if (row) found.push(toLiveEvent(row));
  }
  return found.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
}

/** One event by id, of that business only (a notice too large to carry its data). */
export async function findEvent(db: Queryable, businessId: string, id: bigint): Promise<LiveEvent | null> {
  const [row] = await db
    .select()
    .from(liveEvents)
    .where(and(eq(liveEvents.id, id), eq(liveEvents.businessId, businessId)))
    .limit(1);
  return row ? toLiveEvent(row) : null;
}

/**
 * Whether events after `afterId` may be gone: a reconnecting subscriber names the last event it received, an
 * event of this business; when the oldest event kept for the business is newer than that one, the ones in
 * between were pruned. (Row-level security would keep other businesses' ids out anyway.)
 */
export async function mayHaveMissed(db: Queryable, businessId: string, afterId: bigint): Promise<boolean> {
  if (afterId <= 0n) return false;
  const [oldest] = await db
    .select({ id: sql<string | null>`min(${liveEvents.id})::text` })
    .from(liveEvents)
    .where(eq(liveEvents.businessId, businessId));
  return oldest?.id == null || BigInt(oldest.id) > afterId;
}

/** The newest event id of the business, or null: where a resynchronised subscriber starts again. */
export async function newestEventId(db: Queryable, businessId: string): Promise<string | null> {
  const [newest] = await db
    .select({ id: sql<string | null>`max(${liveEvents.id})::text` })
    .from(liveEvents)
    .where(eq(liveEvents.businessId, businessId));
  return newest?.id ?? null;
}

/** Deletes events older than `before` (every instance prunes now and then; doing it twice is harmless). */
export async function pruneEvents(db: Queryable, before: Date): Promise<number> {
  const deleted = await db
    .delete(liveEvents)
    .where(lt(liveEvents.createdAt, before))
    .returning({ id: liveEvents.id });
  return deleted.length;
}
