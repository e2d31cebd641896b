import type { LiveEvent } from '#domain/live-events.ts';
import type { Database } from '../../db/client.ts';
import { withSystem } from '../../db/tenant.ts';
import { EVENTS_CHANNEL, type EventNotice } from './publish.ts';
import { eventsAfter, findEvent, pruneEvents } from './queries.ts';

/** Events are kept this long for reconnects, then pruned. */
export const EVENT_RETENTION_MS = 60 * 60_000;
const PRUNE_EVERY_MS = 5 * 60_000;
/** A reconnect replays at most this many events; beyond that the subscriber is told to resync. */
export const REPLAY_LIMIT = 500;

/** One open stream: what it may receive, and where to send it. */
export type Subscriber = {
  businessId: string;
  scopes: ReadonlySet<string>;
  /** A paired display's pairing; its stream ends when that pairing is revoked. */
  pairingId: string | null;
  deliver(event: LiveEvent): void;
  end(): void;
};

type Entry = Subscriber & {
  /** While the first replay runs, live events wait here so that none is lost or sent twice. */
  buffer: LiveEvent[] | null;
  sent: Set<string>;
  lastId: bigint;
  /**
   * The newest event of the business when the subscriber's replay read the table: anything up to it came
   * before the subscription, even when this instance's LISTEN hands it over only afterwards.
   */
  before: bigint;
};

/** What a new subscriber missed, and the newest event id of its business as of that reading. */
export type Replay = { events: LiveEvent[]; newestId: bigint };

export type EventHub = {
  /**
   * Adds a subscriber. `replay` (run once, after the subscriber is registered) returns the events it missed
   * and the newest id as of then; live events arriving meanwhile are held and sent after them, each id once,
   * and none the replay's reading already had behind it.
   */
  subscribe(subscriber: Subscriber, replay: () => Promise<Replay>): Promise<() => void>;
  /** Streams open on this instance (for tests and the health of the instance). */
  size(): number;
  close(): Promise<void>;
};

type Log = { warn(obj: object, msg: string): void };

/**
 * This server instance's end of the event stream: one LISTEN for the whole instance, fanned out to its open
 * streams by business and scope. Every instance on one database receives every NOTIFY, so a till connected
 * to one instance and its display connected to another see the same events.
 */
export async function createEventHub(database: Database, log: Log, now: () => Date): Promise<EventHub> {
  const byBusiness = new Map<string, Set<Entry>>();
  let closed = false;

  const send = (entry: Entry, event: LiveEvent) => {
    // A resync names the newest id to start again from; it is not an event of its own to deduplicate.
    if (event.type === 'stream.resync') return entry.deliver(event);
    if (entry.sent.has(event.id)) return;
    const id = BigInt(event.id);
    if (id <= entry.before) return;
    entry.sent.add(event.id);
    // Keep the memory of sent ids small: ids far below the newest cannot come again.
    if (entry.sent.size > 2000) entry.sent = new Set([...entry.sent].slice(-1000));
    if (id > entry.lastId) entry.lastId = id;
    entry.deliver(event);
  };

  const dispatch = (businessId: string, event: LiveEvent) => {
    const entries = byBusiness.get(businessId);
    if (!entries) return;
    for (const entry of entries) {
      // The business is matched first, whatever the scope says: no event ever crosses businesses.
      if (entry.businessId !== businessId || !entry.scopes.has(event.scope)) continue;
      if (entry.buffer) entry.buffer.push(event);
      else send(entry, event);
      if (event.type === 'display.unpaired' && entry.pairingId === event.data.pairing_id) entry.end();
    }
  };

  const onPayload = async (payload: string) => {
    let notice: EventNotice;
    try {
      notice = JSON.parse(payload) as EventNotice;
    } catch {
      return;
    }
    if (!byBusiness.has(notice.business_id)) return;
    if (notice.data !== undefined) {
      dispatch(notice.business_id, {
        id: notice.id,
        type: notice.type,
        scope: notice.scope,
        data: notice.data,
        created_at: notice.created_at,
      } as LiveEvent);
      return;
    }
    const event = await withSystem(database.db, (tx) =>
      findEvent(tx, notice.business_id, BigInt(notice.id)),
    ).catch(() => null);
    if (event) dispatch(notice.business_id, event);
  };

  // After a lost LISTEN connection, each stream reads from the table what it may have missed.
  const onReconnect = () => {
    for (const entries of byBusiness.values()) {
      for (const entry of entries) {
        if (entry.buffer) continue;
        void withSystem(database.db, (tx) =>
          eventsAfter(tx, entry.businessId, [...entry.scopes], entry.lastId, REPLAY_LIMIT),
        )
          .then((events) => {
            for (const event of events) send(entry, event);
          })
          .catch((error: unknown) => log.warn({ err: error }, 'live events: replay after reconnect failed'));
      }
    }
  };

  const stopListening = await database.listen(EVENTS_CHANNEL, (payload) => void onPayload(payload), {
    onReconnect,
  });

  const prune = () =>
    withSystem(database.db, (tx) => pruneEvents(tx, new Date(now().getTime() - EVENT_RETENTION_MS))).catch(
      (error: unknown) => log.warn({ err: error }, 'live events: pruning failed'),
    );
  const pruneTimer = setInterval(prune, PRUNE_EVERY_MS);
  pruneTimer.unref();

  return {
    async subscribe(subscriber, replay) {
      const entry: Entry = { ...subscriber, buffer: [], sent: new Set(), lastId: 0n, before: 0n };
      let entries = byBusiness.get(subscriber.businessId);
      if (!entries) {
        entries = new Set();
        byBusiness.set(subscriber.businessId, entries);
      }
      entries.add(entry);
      const unsubscribe = () => {
        entries.delete(entry);
        if (entries.size === 0 && byBusiness.get(subscriber.businessId) === entries) {
          byBusiness.delete(subscriber.businessId);
        }
      };
      try {
        const { events, newestId } = await replay();
        for (const event of events) send(entry, event);
        entry.before = newestId;
        if (newestId > entry.lastId) entry.lastId = newestId;
      } finally {
        const held = entry.buffer ?? [];
        entry.buffer = null;
        for (const event of held) send(entry, event);
      }
      return unsubscribe;
    },
    size: () => [...byBusiness.values()].reduce((sum, entries) => sum + entries.size, 0),
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(pruneTimer);
      for (const entries of byBusiness.values()) for (const entry of entries) entry.end();
      byBusiness.clear();
      await stopListening();
    },
  };
}
