import { z } from 'zod';
import { type Cart, cartItemCount, cartTotals } from './cart.ts';
import { formatGhanaPhone } from './ghana-phone.ts';
import { SALE_PAYMENT_METHODS, type SalePaymentMethod } from './payment-methods.ts';
import type { TaxMode } from './pricing.ts';

// What the customer display shows (operations §2 Customer display, §4 Cross-window messages). The display
// fetches nothing itself: every figure on it comes from the till, over a BroadcastChannel (same computer) or
// the server's event stream (a paired tablet). Both carry the same shapes, defined once here.

const pesewas = z.number().int();

/** The shop's name and logo for the welcome screen, as the till knows them. */
export const displayShopSchema = z.object({
  name: z.string().max(200),
  logo_url: z.string().max(2000).nullable(),
});
export type DisplayShop = z.infer<typeof displayShopSchema>;

export const displayLineSchema = z.object({
  product_id: z.string().max(100),
  name: z.string().max(300),
  quantity: z.number().int(),
  unit_price: pesewas,
  discount_amount: pesewas,
  /** quantity × unit price (operations §9), before the line's discount. */
  line_total: pesewas,
});
export type DisplayLine = z.infer<typeof displayLineSchema>;

export const displayCartSchema = z.object({
  lines: z.array(displayLineSchema).max(500),
  item_count: z.number().int(),
  subtotal: pesewas,
  tax_amount: pesewas,
  discount_amount: pesewas,
  total_amount: pesewas,
});
export type DisplayCart = z.infer<typeof displayCartSchema>;

export const EMPTY_DISPLAY_CART: DisplayCart = {
  lines: [],
  item_count: 0,
  subtotal: 0,
  tax_amount: 0,
  discount_amount: 0,
  total_amount: 0,
};

/** The till's cart as the display shows it: names, quantities, prices, discounts, tax, total. */
export function toDisplayCart(cart: Cart, mode: TaxMode = {}): DisplayCart {
  const totals = cartTotals(cart, mode);
  return {
    lines: totals.lines.map((line) => ({
      product_id: line.product.id,
      name: line.product.name,
      quantity: line.quantity,
      unit_price: line.unit_price,
      discount_amount: line.discount_amount,
      line_total: line.total_price,
    })),
    item_count: cartItemCount(cart),
    subtotal: totals.subtotal,
    tax_amount: totals.tax_amount,
    discount_amount: totals.discount_amount,
    total_amount: totals.total_amount,
  };
}

/**
 * The payment as the customer sees it. 'awaiting' is a card or mobile-money sale the till is waiting on
 * (the customer's phone or the terminal), 'completed' carries the change due, 'failed' the reason.
 */
export const displayPaymentSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('idle') }),
  z.object({
    state: z.literal('awaiting'),
    method: z.enum(SALE_PAYMENT_METHODS),
    total_amount: pesewas,
    /**
     * Manual mobile money: the shop's MoMo merchant number the customer sends the money to. Optional, so a
     * display from before it still reads the message (zod drops the key it does not know).
     */
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
export type DisplayPayment = z.infer<typeof displayPaymentSchema>;

export const IDLE_PAYMENT: DisplayPayment = { state: 'idle' };

/** What the till knows of a sale it just made (a subset of the API's Sale). */
export type SaleForDisplay = {
  payment_status: string;
  payment_method: SalePaymentMethod;
  receipt_number: string;
  total_amount: number;
  amount_paid: number;
  change_given: number;
  notes?: string | null;
};

export const PAYMENT_FAILED_TEXT = 'Payment failed. Please try again.';

/**
 * The one place a sale's status becomes the display's payment state, so that states the payments work adds
 * (a provider's own 'awaiting_terminal', for instance) are mapped here and nowhere else.
 */
export function displayPaymentOf(sale: SaleForDisplay): DisplayPayment {
  switch (sale.payment_status) {
    case 'completed':
      return {
        state: 'completed',
        method: sale.payment_method,
        receipt_number: sale.receipt_number,
        total_amount: sale.total_amount,
        amount_paid: sale.amount_paid,
        change_due: sale.change_given,
      };
    case 'failed':
      return { state: 'failed', method: sale.payment_method, message: PAYMENT_FAILED_TEXT };
    case 'pending':
    case 'awaiting_terminal':
      return { state: 'awaiting', method: sale.payment_method, total_amount: sale.total_amount };
    default:
      // refunded, cancelled: nothing for the customer to watch.
      return IDLE_PAYMENT;
  }
}

/** The line under an 'awaiting' state: a phone prompt for mobile money, the terminal for a card. */
export function awaitingInstruction(
  method: SalePaymentMethod,
  merchant?: { number: string; name: string | null },
): string {
  if (merchant) {
    return `Send the money by MoMo to ${formatGhanaPhone(merchant.number)}${merchant.name ? ` (${merchant.name})` : ''}, then show the cashier your confirmation SMS.`;
  }
  if (method === 'card') return 'Please use the payment terminal to complete the transaction.';
  if (method === 'mtn_momo' || method === 'telecel_cash' || method === 'airteltigo_money') {
    return 'Please approve the payment on your phone.';
  }
  return 'Transaction created. Payment confirmation will update automatically.';
}

// ---- Cross-window messages (operations §4), over a BroadcastChannel of one business ----

export const displayMessageSchema = z.discriminatedUnion('type', [
  /** The till's cart changed (sent on every change). */
  z.object({ type: z.literal('cart-update'), cart: displayCartSchema, shop: displayShopSchema }),
  /** The sale's payment moved (status, timestamp). */
  z.object({ type: z.literal('transaction-status'), status: displayPaymentSchema, timestamp: z.string() }),
  /** A display opened or reloaded and asks for the current state. */
  z.object({ type: z.literal('customer-display-ready') }),
  /** The till's answer to 'ready': everything the display shows. */
  z.object({
    type: z.literal('customer-display-init'),
    cart: displayCartSchema,
    shop: displayShopSchema,
    status: displayPaymentSchema,
  }),
  /** Not in §4: a window going away says so, so that the other side notices at once. */
  z.object({ type: z.literal('till-closed') }),
  z.object({ type: z.literal('customer-display-closed') }),
  /** The till asks a display it did not open itself (it was reloaded since) to close its window. */
  z.object({ type: z.literal('customer-display-close') }),
]);
export type DisplayMessage = z.infer<typeof displayMessageSchema>;

/** A message from another window, or null when it is not one of ours (never trusted blindly). */
export function parseDisplayMessage(value: unknown): DisplayMessage | null {
  const parsed = displayMessageSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** One channel per business, so two shops open in one browser never see each other's carts. */
export function displayChannelName(slug: string): string {
  return `akwaaba-customer-display:${slug}`;
}
