// The live event stream: what other modules may use, and how.
//
// Publishing (inside a use case's transaction, so the event goes out only if the transaction commits):
//
//   import { publishEvent } from '../events/index.ts';
//   await publishEvent(tx, {
//     businessId,
//     scope: { kind: 'till', tillId },          // or { kind: 'business' } or { kind: 'display', tillId }
//     type: 'sale.payment_status',              // a kind from LIVE_EVENTS in src/domain/live-events.ts
//     data: { sale_id, receipt_number, payment_status: 'completed', payment_method: 'mtn_momo' },
//   });
//
// Subscribing (browsers): GET /api/v1/events, Server-Sent Events, one JSON event per `data:` line
// ({ id, type, scope, data, created_at }) with the SSE `id:`; a heartbeat comment every 15 s; `retry: 3000`.
//   - signed-in staff receive scope 'business', plus 'till:<id>' with ?till=<id> and 'display:<id>' with
//     ?display=<id> (a till id is a UUID the till keeps in its browser storage);
//   - a paired customer display (display cookie) receives only 'display:<its till>'.
// A reconnect sends Last-Event-ID (EventSource does) or ?last_event_id=: the stream first replays what was
// missed (events are kept an hour); when that cannot be complete it sends 'stream.resync' and the client reads
// its data afresh. An event is delivered only to subscribers of its own business. In the web app:
// useLiveEvents (src/web/lib/live-events.ts).
export type { EventScope, LiveEvent, LiveEventData, LiveEventType } from '#domain/live-events.ts';
export { type PublishableEventType, type PublishRequest, publishEvent } from './publish.ts';
export { type EventsOptions, eventsRoutes, type SubscriberGrant, type SubscriberResolver } from './routes.ts';
