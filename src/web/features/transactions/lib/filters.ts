import { addDays, localDay } from '#domain/dates.ts';
import { type TransactionFilters, transactionFilters } from '#domain/schemas/transactions.ts';

// The history's filters live in the address (operations §2), so a filtered list can be reloaded, shared and
// gone back to. A value the server would refuse is left out rather than breaking the page.

const KEYS = [
  'search',
  'payment_method',
  'payment_status',
  'cashier_id',
  'customer_id',
  'date_from',
  'date_to',
] as const;

export function readFilters(params: URLSearchParams): TransactionFilters {
  const filters: Record<string, string> = {};
  for (const key of KEYS) {
    const value = params.get(key)?.trim();
    if (!value) continue;
    const one = transactionFilters.pick({ [key]: true } as Record<(typeof KEYS)[number], true>).safeParse({
      [key]: value,
    });
    if (one.success) filters[key] = value;
  }
  return filters as TransactionFilters;
}

export const QUICK_RANGES = ['Today', 'Yesterday', 'This week', 'This month'] as const;
export type QuickRange = (typeof QUICK_RANGES)[number];

/** A quick range as days in the business's timezone; weeks start on Monday. */
export function quickRange(range: QuickRange, now: Date, timezone: string): { from: string; to: string } {
  const today = localDay(now, timezone);
  switch (range) {
    case 'Today':
      return { from: today, to: today };
    case 'Yesterday': {
      const yesterday = addDays(today, -1);
      return { from: yesterday, to: yesterday };
    }
    case 'This week': {
      const weekday = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
      return { from: addDays(today, -weekday), to: today };
    }
    case 'This month':
      return { from: `${today.slice(0, 8)}01`, to: today };
  }
}
