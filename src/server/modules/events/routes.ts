import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type LiveEvent, scopeKey } from '#domain/live-events.ts';
import { withTenant } from '../../db/tenant.ts';
import { access } from '../../http/access.ts';
import { NOT_SIGNED_IN } from '../../http/access-errors.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { loadStaff } from '../../http/staff-session.ts';
import { type BusinessRow, requireBusiness } from '../../http/tenancy.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { createEventHub, REPLAY_LIMIT, type Replay } from './hub.ts';
import { eventsAfter, latestOfTypes, mayHaveMissed, newestEventId } from './queries.ts';
import { HEARTBEAT_MS, openStream } from './stream.ts';

/** Who may listen, and to what: the business, the scopes, and a paired display's pairing. */
export type SubscriberGrant = { businessId: string; scopes: string[]; pairingId: string | null };

/**
 * Recognises a subscriber that is not a signed-in staff member (a paired customer display, by its own
 * cookie); returns null when the request is not one. Given by the module that owns such devices.
 */
export type SubscriberResolver = (
  request: FastifyRequest,
  deps: AppDeps,
  business: BusinessRow,
) => Promise<SubscriberGrant | null>;

export type EventsOptions = {
  resolvers?: SubscriberResolver[];
  heartbeatMs?: number;
};

const eventsQuery = z.object({
  till: z.uuid('till must be a till id').optional(),
  display: z.uuid('display must be a till id').optional(),
  last_event_id: z
    .string()
    .regex(/^\d{1,18}$/, 'last_event_id must be an event id')
    .optional(),
});

/** The types a display shows; a display that connects afresh receives the newest of each at once. */
const DISPLAY_SNAPSHOT = ['display.cart', 'display.status'] as const;

function lastEventIdOf(request: FastifyRequest, fromQuery: string | undefined): bigint | null {
  const header = request.headers['last-event-id'];
  const value = typeof header === 'string' && /^\d{1,18}$/.test(header) ? header : fromQuery;
  return value ? BigInt(value) : null;
}

async function resolveGrant(
  request: FastifyRequest,
  deps: AppDeps,
  query: z.infer<typeof eventsQuery>,
  resolvers: SubscriberResolver[],
): Promise<SubscriberGrant> {
  const business = await requireBusiness(request, deps);
  const staff = await loadStaff(request, deps);
  if (staff) {
    // Any signed-in member of the business hears the business's events, its own till's and, when it shows a
    // till's customer display itself, that till's display events.
    const scopes = [scopeKey({ kind: 'business' })];
    if (query.till) scopes.push(scopeKey({ kind: 'till', tillId: query.till }));
    if (query.display) scopes.push(scopeKey({ kind: 'display', tillId: query.display }));
    return { businessId: staff.business.id, scopes, pairingId: null };
  }
  for (const resolve of resolvers) {
    const grant = await resolve(request, deps, business);
    if (grant) return grant;
  }
  throw NOT_SIGNED_IN();
}

/**
 * What a subscriber receives before live events: what it missed, or a display's current state; and the
 * newest event of the business in the same reading, so that no earlier event reaches it afterwards.
 */
async function replayFor(deps: AppDeps, grant: SubscriberGrant, lastEventId: bigint | null): Promise<Replay> {
  return withTenant(deps.database.db, grant.businessId, async (tx) => {
    const newest = await newestEventId(tx, grant.businessId);
    const newestId = newest === null ? 0n : BigInt(newest);
    const snapshot = async () => {
      const events: LiveEvent[] = [];
      for (const scope of grant.scopes.filter((key) => key.startsWith('display:'))) {
        events.push(...(await latestOfTypes(tx, grant.businessId, scope, DISPLAY_SNAPSHOT)));
      }
      return events;
    };
    if (lastEventId === null) return { events: await snapshot(), newestId };
    const missed = await eventsAfter(tx, grant.businessId, grant.scopes, lastEventId, REPLAY_LIMIT + 1);
    if (missed.length <= REPLAY_LIMIT && !(await mayHaveMissed(tx, grant.businessId, lastEventId)))
      return { events: missed, newestId };
    const resync: LiveEvent = {
      id: newest ?? String(lastEventId),
      type: 'stream.resync',
      scope: 'business',
      data: {},
      created_at: deps.now().toISOString(),
    };
    return { events: [resync, ...(await snapshot())], newestId };
  });
}

/** GET /api/v1/events: the live event stream (Server-Sent Events) of the request's business. */
export async function eventsRoutes(app: App, deps: AppDeps, options: EventsOptions = {}): Promise<void> {
  const hub = await createEventHub(deps.database, app.log, deps.now);
  // Open streams would keep the server from closing: end them first.
  app.addHook('preClose', async () => hub.close());

  app.get(
    '/api/v1/events',
    {
      config: { access: access.public },
      schema: {
        tags: ['events'],
        summary:
          'Live events of the business as Server-Sent Events: signed-in staff (with ?till= and ?display=) or a paired customer display; Last-Event-ID replays what was missed',
        querystring: eventsQuery,
        response: errorResponses(401, 403, 404),
      },
    },
    async (request, reply) => {
      // Who may listen is decided here, not by the access table: a paired display has no staff session.
      const grant = await resolveGrant(request, deps, request.query, options.resolvers ?? []);
      const lastEventId = lastEventIdOf(request, request.query.last_event_id);
      const stream = openStream(request, reply, options.heartbeatMs ?? HEARTBEAT_MS);
      const unsubscribe = await hub.subscribe(
        { ...grant, scopes: new Set(grant.scopes), deliver: stream.write, end: stream.end },
        () => replayFor(deps, grant, lastEventId),
      );
      void stream.closed.then(unsubscribe);
    },
  );

  app.decorate('liveEventStreams', () => hub.size());
}

declare module 'fastify' {
  interface FastifyInstance {
    /** How many event streams this instance has open. */
    liveEventStreams?: () => number;
  }
}
