import { z } from 'zod';
import type {
  DisplayCart,
  DisplayLine,
  DisplayMessage,
  DisplayPayment,
  DisplayShop,
} from '../customer-display.ts';
import { SALE_PAYMENT_METHODS } from '../payment-methods.ts';

// The customer display's messages as zod reads them: on the display (from another window or the server's
// stream) and on the server (the live events). The till only sends them, so it never loads zod for them; the
// types they read into are the ones in customer-display.ts, and the checks at the end keep the two the same.

const pesewas = z.number().int();

export const displayShopSchema = z.object({
  name: z.string().max(200),
  logo_url: z.string().max(2000).nullable(),
});

export const displayLineSchema = z.object({
  product_id: z.string().max(100),
  name: z.string().max(300),
  quantity: z.number().int(),
  unit_price: pesewas,
  discount_amount: pesewas,
  line_total: pesewas,
});

export const displayCartSchema = z.object({
  lines: z.array(displayLineSchema).max(500),
  item_count: z.number().int(),
  subtotal: pesewas,
  tax_amount: pesewas,
  discount_amount: pesewas,
  total_amount: pesewas,
});

export const displayPaymentSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('idle') }),
  z.object({
    state: z.literal('awaiting'),
    method: z.enum(SALE_PAYMENT_METHODS),
    total_amount: pesewas,
    // Optional, so a display from before it still reads the message (zod drops the key it does not know).
    merchant: z.object({ number: z.string().max(20), name: z.string().max(200).nullable() }).optional(),
  }),
  z.object({
    state: z.literal('completed'),
    method: z.enum(SALE_PAYMENT_METHODS),
    receipt_number: z.string().max(100),
    total_amount: pesewas,
    amount_paid: pesewas,
    change_due: pesewas,
  }),
  z.object({
    state: z.literal('failed'),
    method: z.enum(SALE_PAYMENT_METHODS),
    message: z.string().max(500),
  }),
]);

export const displayMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('cart-update'), cart: displayCartSchema, shop: displayShopSchema }),
  z.object({ type: z.literal('transaction-status'), status: displayPaymentSchema, timestamp: z.string() }),
  z.object({ type: z.literal('customer-display-ready') }),
  z.object({
    type: z.literal('customer-display-init'),
    cart: displayCartSchema,
    shop: displayShopSchema,
    status: displayPaymentSchema,
  }),
  z.object({ type: z.literal('till-closed') }),
  z.object({ type: z.literal('customer-display-closed') }),
  z.object({ type: z.literal('customer-display-close') }),
]);

/** A message from another window, or null when it is not one of ours (never trusted blindly). */
export function parseDisplayMessage(value: unknown): DisplayMessage | null {
  const parsed = displayMessageSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

// Each schema reads exactly its type: a field added to one and not the other fails the typecheck here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShapes: [
  Same<z.infer<typeof displayShopSchema>, DisplayShop>,
  Same<z.infer<typeof displayLineSchema>, DisplayLine>,
  Same<z.infer<typeof displayCartSchema>, DisplayCart>,
  Same<z.infer<typeof displayPaymentSchema>, DisplayPayment>,
  Same<z.infer<typeof displayMessageSchema>, DisplayMessage>,
] = [true, true, true, true, true];
void sameShapes;
