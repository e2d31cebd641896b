import { z } from 'zod';
import { displayCartSchema, displayPaymentSchema, displayShopSchema } from './customer-display.ts';

// Pairing a customer display on another device with a till (operations §2 Customer display; the pairing
// itself is ours: docs/decisions.md "Live events, the v2 terminal and the customer display").

export {
  PAIRING_CODE_INVALID_MESSAGE,
  PAIRING_CODE_TTL_MS,
  PAIRING_IDLE_LIMIT_MS,
} from '../display-pairing.ts';

export const tillParams = z.object({ tillId: z.uuid('Not a till') });
export const pairingParams = z.object({ id: z.uuid('Not a pairing') });

export const pendingPairing = z.object({ id: z.uuid(), code: z.string(), expires_at: z.string() });
export type PendingPairing = z.infer<typeof pendingPairing>;

export const pairedDisplay = z.object({
  id: z.uuid(),
  name: z.string(),
  claimed_at: z.string(),
  last_seen_at: z.string().nullable(),
});
export type PairedDisplay = z.infer<typeof pairedDisplay>;

export const tillPairingsResponse = z.object({
  pending: pendingPairing.nullable(),
  displays: z.array(pairedDisplay),
});
export type TillPairingsResponse = z.infer<typeof tillPairingsResponse>;

export const claimPairingInput = z.object({
  code: z
    .string({ error: 'Enter the 6-digit code shown on the till' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code shown on the till'),
});
export type ClaimPairingInput = z.infer<typeof claimPairingInput>;

export const displayPairingResponse = z.object({ pairing_id: z.uuid(), till_id: z.uuid() });
export type DisplayPairingResponse = z.infer<typeof displayPairingResponse>;

/** What a till sends its paired displays through the server. */
export const tillDisplayInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('cart'), cart: displayCartSchema, shop: displayShopSchema }),
  z.object({ kind: z.literal('status'), status: displayPaymentSchema, timestamp: z.string().max(40) }),
]);
export type TillDisplayInput = z.infer<typeof tillDisplayInput>;
