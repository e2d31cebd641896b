import { type Cart, cartItemCount, cartTotals } from './cart.ts';
import { formatGhanaPhone } from './ghana-phone.ts';
import type { SalePaymentMethod } from './payment-methods.ts';
import type { TaxMode } from './pricing.ts';

// What the customer display shows (operations §2 Customer display, §4 Cross-window messages). The display
// fetches nothing itself: every figure on it comes from the till, over a BroadcastChannel (same computer) or
// the server's event stream (a paired tablet). Both carry the same shapes, defined once here as plain types
// (the till sends them without loading zod); schemas/customer-display.ts reads them back.

/** The shop's name and logo for the welcome screen, as the till knows them. */
export type DisplayShop = { name: string; logo_url: string | null };

export type DisplayLine = {
  product_id: string;
  name: string;
  quantity: number;
  /** Pesewas, like every amount here. */
  unit_price: number;
  discount_amount: number;
  /** quantity × unit price (operations §9), before the line's discount. */
  line_total: number;
};

export type DisplayCart = {
  lines: DisplayLine[];
  item_count: number;
  subtotal: number;
  tax_amount: number;
  discount_amount: number;
  total_amount: number;
};

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
export type DisplayPayment =
  | { state: 'idle' }
  | {
      state: 'awaiting';
      method: SalePaymentMethod;
      total_amount: number;
      /** Manual mobile money: the shop's MoMo merchant number the customer sends the money to. */
      merchant?: { number: string; name: string | null } | undefined;
    }
  | {
      state: 'completed';
      method: SalePaymentMethod;
      receipt_number: string;
      total_amount: number;
      amount_paid: number;
      change_due: number;
    }
  | { state: 'failed'; method: SalePaymentMethod; message: string };

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

/** Cross-window messages (operations §4); read back by `parseDisplayMessage` in schemas/customer-display.ts. */
export type DisplayMessage =
  /** The till's cart changed (sent on every change). */
  | { type: 'cart-update'; cart: DisplayCart; shop: DisplayShop }
  /** The sale's payment moved (status, timestamp). */
  | { type: 'transaction-status'; status: DisplayPayment; timestamp: string }
  /** A display opened or reloaded and asks for the current state. */
  | { type: 'customer-display-ready' }
  /** The till's answer to 'ready': everything the display shows. */
  | { type: 'customer-display-init'; cart: DisplayCart; shop: DisplayShop; status: DisplayPayment }
  /** Not in §4: a window going away says so, so that the other side notices at once. */
  | { type: 'till-closed' }
  | { type: 'customer-display-closed' }
  /** The till asks a display it did not open itself (it was reloaded since) to close its window. */
  | { type: 'customer-display-close' };

/** One channel per business, so two shops open in one browser never see each other's carts. */
export function displayChannelName(slug: string): string {
  return `akwaaba-customer-display:${slug}`;
}
