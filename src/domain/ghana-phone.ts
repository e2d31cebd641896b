import type { PaymentMethod } from './payment-methods.ts';

// Ghana mobile numbers for mobile money: 0XXXXXXXXX or +233XXXXXXXXX (spaces and dashes are ignored).

export const GHANA_PHONE_MESSAGE = 'Enter a Ghana mobile number: 0XXXXXXXXX or +233XXXXXXXXX';

/** The number as +233XXXXXXXXX, or null when it is not a Ghana mobile number. */
export function normalizeGhanaPhone(input: string): string | null {
  const compact = input.replace(/[\s-]/g, '');
  const local = /^0(\d{9})$/.exec(compact)?.[1] ?? /^\+233(\d{9})$/.exec(compact)?.[1];
  if (!local || local.startsWith('0')) return null;
  return `+233${local}`;
}

// Number prefixes as the networks hand them out (ported numbers keep theirs, so this is a guess the cashier
// may change). Telecel Cash is the former Vodafone Cash.
const PREFIXES: Record<string, PaymentMethod> = {
  '24': 'mtn_momo',
  '25': 'mtn_momo',
  '53': 'mtn_momo',
  '54': 'mtn_momo',
  '55': 'mtn_momo',
  '59': 'mtn_momo',
  '20': 'telecel_cash',
  '50': 'telecel_cash',
  '26': 'airteltigo_money',
  '27': 'airteltigo_money',
  '56': 'airteltigo_money',
  '57': 'airteltigo_money',
};

/** The mobile-money network a number's prefix belongs to, when it can be told. */
export function networkForPhone(input: string): PaymentMethod | null {
  const phone = normalizeGhanaPhone(input);
  return phone ? (PREFIXES[phone.slice(4, 6)] ?? null) : null;
}

/** +233241234567 → 024 123 4567, as people write it. */
export function formatGhanaPhone(phone: string): string {
  const normalized = normalizeGhanaPhone(phone);
  if (!normalized) return phone;
  const local = `0${normalized.slice(4)}`;
  return `${local.slice(0, 3)} ${local.slice(3, 6)} ${local.slice(6)}`;
}
