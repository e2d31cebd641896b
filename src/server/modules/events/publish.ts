import { sql } from 'drizzle-orm';
import {
  type EventScope,
  LIVE_EVENTS,
  type LiveEventData,
  type LiveEventType,
  scopeKey,
} from '#domain/live-events.ts';
import type { Queryable } from '../../db/client.ts';
import { liveEvents } from '../../db/schema/index.ts';

/** The NOTIFY channel every server instance listens on. */
export const EVENTS_CHANNEL = 'pos_events';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; larger events are read from the table. */
const NOTIFY_LIMIT = 7000;

/** What a server sends itself; never published by a use case. */
export type PublishableEventType = Exclude<LiveEventType, 'stream.resync'>;

export type PublishRequest<K extends PublishableEventType> = {
  businessId: string;
  scope: EventScope;
  type: K;
  data: LiveEventData<K>;
};

/** The NOTIFY payload: the event itself, or without `data` when that would be too large. */
export type EventNotice = {
  id: string;
  business_id: string;
  scope: string;
  type: string;
  created_at: string;
  data?: unknown;
};

/**
 * Publishes a live event from inside the caller's transaction: the row is written and NOTIFY issued there,
 * so subscribers (on every server instance) receive it only if the transaction commits, and never if it
 * rolls back. Works in a tenant transaction (row-level security: the event must be of that business).
 * The data is checked against the event catalogue (src/domain/live-events.ts); a wrong shape throws.
 */
export async function publishEvent<K extends PublishableEventType>(
  tx: Queryable,
  event: PublishRequest<K>,
): Promise<{ id: string }> {
  const data = LIVE_EVENTS[event.type].parse(event.data);
  const scope = scopeKey(event.scope);
  const [row] = await tx
    .insert(liveEvents)
    .values({ businessId: event.businessId, scope, type: event.type, data })
    .returning({ id: liveEvents.id, createdAt: liveEvents.createdAt });
  const notice: EventNotice = {
    id: String(row!.id),
    business_id: event.businessId,
    scope,
    type: event.type,
    created_at: row!.createdAt.toISOString(),
    data,
  };
  let payload = JSON.stringify(notice);
  if (Buffer.byteLength(payload) > NOTIFY_LIMIT) payload = JSON.stringify({ ...notice, data: undefined });
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${payload})`);
  return { id: notice.id };
}
