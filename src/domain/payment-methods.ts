// operations §3 Payment methods; every method except cash needs a terminal.
export const PAYMENT_METHODS = ['cash', 'card', 'mtn_momo', 'telecel_cash', 'airteltigo_money'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** A sale paid with more than one method is recorded with the method 'split'. */
export const SALE_PAYMENT_METHODS = [...PAYMENT_METHODS, 'split'] as const;
export type SalePaymentMethod = (typeof SALE_PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<SalePaymentMethod, string> = {
  cash: 'Cash',
  card: 'Card',
  mtn_momo: 'MTN MoMo',
  telecel_cash: 'Telecel Cash',
  airteltigo_money: 'AirtelTigo Money',
  split: 'Split',
};

export const MOBILE_MONEY_METHODS: readonly PaymentMethod[] = [
  'mtn_momo',
  'telecel_cash',
  'airteltigo_money',
];

/**
 * The POS feature (Settings → Business) a method belongs to: mobile money is taken only while the business has
 * mobile_payments on. Cash and card belong to none.
 */
export function featureOfMethod(method: PaymentMethod): 'mobile_payments' | null {
  return MOBILE_MONEY_METHODS.includes(method) ? 'mobile_payments' : null;
}

/** The methods a business with these POS features takes, in the till's order. */
export function methodsWithFeatures(posFeatures: readonly string[]): PaymentMethod[] {
  return PAYMENT_METHODS.filter((method) => {
    const feature = featureOfMethod(method);
    return feature === null || posFeatures.includes(feature);
  });
}

export function needsTerminal(method: PaymentMethod): boolean {
  return method !== 'cash';
}

export function isPaymentMethod(value: string): value is PaymentMethod {
  return (PAYMENT_METHODS as readonly string[]).includes(value);
}

/** Ghana cedi notes the quick-amount buttons round up to, in pesewas. */
const NOTES = [500, 1000, 2000, 5000, 10_000];

/**
 * The cash dialog's quick amounts: the exact total, then the total rounded up to the next
 * ₵5, ₵10, ₵20, ₵50 and ₵100 — distinct and ascending.
 */
export function quickCashAmounts(total: number): number[] {
  const amounts = [total, ...NOTES.map((note) => Math.max(note, Math.ceil(total / note) * note))];
  return [...new Set(amounts)].sort((a, b) => a - b);
}
