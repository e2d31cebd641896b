import { z } from 'zod';
import { SALE_PAYMENT_METHODS } from './payment-methods.ts';
import { displayCartSchema, displayPaymentSchema, displayShopSchema } from './schemas/customer-display.ts';

// The server's live events (GET /api/v1/events, Server-Sent Events). Every event belongs to one business and
// one scope; a subscriber receives only events of its own business and of the scopes it was granted:
//   business          every signed-in staff member of the business (all its tills)
//   till:<id>         one till (a browser of the business, id chosen by the till and kept in its storage)
//   display:<id>      the customer display(s) following till <id>: cart and payment state only
// A paired display (a tablet facing the customer) is granted only display:<its till>.

export { type EventScope, isTillId, parseScopeKey, scopeKey } from './event-scope.ts';

/** Every kind of event, with the shape of its data. Adding a kind is adding one entry here. */
export const LIVE_EVENTS = {
  /** A sale's payment moved (pending → completed or failed); sent to the business or the selling till. */
  'sale.payment_status': z.object({
    sale_id: z.uuid(),
    receipt_number: z.string(),
    payment_status: z.enum(['pending', 'completed', 'failed', 'refunded', 'cancelled']),
    payment_method: z.enum(SALE_PAYMENT_METHODS),
    message: z.string().max(500).nullable().optional(),
  }),
  /** The till's cart, to its displays (same shape as the BroadcastChannel 'cart-update'). */
  'display.cart': z.object({ cart: displayCartSchema, shop: displayShopSchema }),
  /** The payment as the till sees it, to its displays ('transaction-status'). */
  'display.status': z.object({ status: displayPaymentSchema, timestamp: z.string() }),
  /** A display connected and asks its till for the current state (to till:<id>, 'customer-display-ready'). */
  'display.ready': z.object({ pairing_id: z.uuid().nullable() }),
  /** A tablet claimed the till's pairing code (to till:<id>). */
  'display.paired': z.object({ pairing_id: z.uuid(), name: z.string() }),
  /** A pairing ended (to till:<id> and display:<id>); the server also closes that display's stream. */
  'display.unpaired': z.object({ pairing_id: z.uuid() }),
  /** A shift opened, closed or its drawer's cash changed (to the business): shift screens read it again. */
  'shift.changed': z.object({ shift_id: z.uuid(), status: z.enum(['open', 'closed']) }),
  /**
   * Sent by the server itself, never stored: the subscriber may have missed events (its Last-Event-ID is
   * older than what is kept), so it should read afresh what it shows.
   */
  'stream.resync': z.object({}),
} as const;

export type LiveEventType = keyof typeof LIVE_EVENTS;
export type LiveEventData<K extends LiveEventType> = z.infer<(typeof LIVE_EVENTS)[K]>;

/** One event as a subscriber receives it (the SSE `data:` line, JSON; the SSE `id:` is `id`). */
export type LiveEvent<K extends LiveEventType = LiveEventType> = {
  [T in K]: { id: string; type: T; scope: string; data: LiveEventData<T>; created_at: string };
}[K];

export function isLiveEventType(value: unknown): value is LiveEventType {
  return typeof value === 'string' && Object.hasOwn(LIVE_EVENTS, value);
}

/** An SSE data line read back, or null when it is not a known event with valid data. */
export function parseLiveEvent(json: string): LiveEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { id, type, scope, data, created_at } = value as Record<string, unknown>;
  if (!isLiveEventType(type) || typeof id !== 'string' || typeof scope !== 'string') return null;
  const parsed = LIVE_EVENTS[type].safeParse(data);
  if (!parsed.success) return null;
  return { id, type, scope, data: parsed.data, created_at: String(created_at ?? '') } as LiveEvent;
}
