import { MOBILE_MONEY_METHODS, type PaymentMethod } from './payment-methods.ts';
// Sales made at a till with no connection (issue 15): their receipt numbers, how far back they may be dated,
// and the rule their prices are checked by when they reach the server.

/**
 * OFF-{12 hex digits of the till's own id}-{the till's sequence}: two tills never share the first part (each
 * browser draws its till id at random), and one till never repeats its sequence, so two offline sales can
 * never get the same number, whichever till made them.
 */
export const OFFLINE_RECEIPT_PATTERN = /^OFF-[0-9A-F]{12}-\d{1,9}$/;

export function offlineReceiptNumber(tillId: string, sequence: number): string {
  const prefix = tillId.replace(/-/g, '').slice(0, 12).toUpperCase();
  return `OFF-${prefix}-${String(sequence).padStart(4, '0')}`;
}

/** A till may stay offline for days (a long outage), not longer: an older sale is refused, to be looked at. */
export const OFFLINE_SALE_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;
/** Clocks drift: a sale a few minutes "in the future" is a slow clock, not a forgery. */
export const OFFLINE_SALE_CLOCK_SKEW_MS = 10 * 60 * 1000;

/**
 * What a till may take with no connection: cash, and manual mobile money (the customer sent the money to the
 * shop's MoMo number and the cashier typed the transaction ID from their SMS; nobody has to be asked). Card and
 * mobile money through a provider need the provider's prompt. Returns the first tender that breaks the rule.
 */
export function offlineTenderProblem(
  tenders: readonly {
    method: PaymentMethod;
    reference?: string | null | undefined;
    phone?: string | null | undefined;
  }[],
): { index: number; code: 'METHOD' | 'TRANSACTION_ID' } | null {
  for (const [index, tender] of tenders.entries()) {
    if (tender.method === 'cash') continue;
    // A customer's number means a provider prompt, which cannot be sent offline.
    if (!MOBILE_MONEY_METHODS.includes(tender.method) || tender.phone) return { index, code: 'METHOD' };
    if (!tender.reference?.trim()) return { index, code: 'TRANSACTION_ID' };
  }
  return null;
}

export type OfflineTimeProblem = 'future' | 'too_old';

export function offlineTimeProblem(madeAt: Date, serverNow: Date): OfflineTimeProblem | null {
  const age = serverNow.getTime() - madeAt.getTime();
  if (age < -OFFLINE_SALE_CLOCK_SKEW_MS) return 'future';
  if (age > OFFLINE_SALE_MAX_AGE_MS) return 'too_old';
  return null;
}

/**
 * The price rule for a sale made offline: the till charged the price it had, which may be older than the
 * server's. It is accepted when it lies between the lowest and the highest price the product had during the
 * sale's day (the business's calendar day); below that lowest price is a tampered or broken outbox.
 * `dayPrices`: every price the product had that day (the one in force at midnight and each change after).
 */
export function offlinePriceProblem(
  charged: number,
  dayPrices: number[],
): { code: 'BELOW_DAY_PRICE' | 'ABOVE_DAY_PRICE'; bound: number } | null {
  if (dayPrices.length === 0) return null;
  const lowest = Math.min(...dayPrices);
  const highest = Math.max(...dayPrices);
  if (charged < lowest) return { code: 'BELOW_DAY_PRICE', bound: lowest };
  if (charged > highest) return { code: 'ABOVE_DAY_PRICE', bound: highest };
  return null;
}

/** What a line could not take from stock: stock stops at 0, the rest is the shortfall the manager sees. */
export type StockShortfall = { product_id: string; product_name: string; quantity: number; short_by: number };

export function splitShortfall(quantity: number, available: number): { take: number; shortBy: number } {
  const take = Math.max(0, Math.min(quantity, available));
  return { take, shortBy: quantity - take };
}
