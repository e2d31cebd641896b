import { z } from 'zod';
import { requiredText } from './fields.ts';

// Customers (operations §3, §5). total_spent is pesewas; the stats change only through sales and refunds.

export const CUSTOMER_MESSAGES = {
  nameRequired: 'Customer name is required',
  nameTooLong: 'Customer name must be at most 120 characters',
  phone: 'Please enter a valid phone number, e.g. +233 24 123 4567',
  email: 'Please enter a valid email address',
} as const;

/** Phone text as typed: digits with spaces, dashes, brackets and a leading +, at least 7 digits. */
export function isPhoneText(text: string): boolean {
  return /^\+?[0-9 ()-]+$/.test(text) && text.replace(/\D/g, '').length >= 7;
}

/**
 * The number behind a phone text, for finding duplicates: digits only, with a Ghanaian local number
 * (0 and nine digits) written in its international form, so '024 123 4567' and '+233 24 123 4567' match.
 */
export function phoneKey(text: string): string {
  const digits = text.replace(/\D/g, '');
  return /^0\d{9}$/.test(digits) ? `233${digits.slice(1)}` : digits;
}

/** Absent stays absent (PATCH leaves it); null or blank become null; otherwise checked. */
const clearable = (max: number, message: string, isValid: (text: string) => boolean) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .refine((value) => value === '' || isValid(value), message)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));

const isEmail = (text: string) => z.email().safeParse(text).success;

const customerName = requiredText(CUSTOMER_MESSAGES.nameRequired, 120, CUSTOMER_MESSAGES.nameTooLong);
const phone = clearable(30, CUSTOMER_MESSAGES.phone, isPhoneText);
const email = clearable(254, CUSTOMER_MESSAGES.email, isEmail).transform(
  (value) => value?.toLowerCase() ?? value,
);

export const customerCreateInput = z.object({ name: customerName, phone, email });
export type CustomerCreateInput = z.input<typeof customerCreateInput>;

export const customerUpdateInput = z.object({ name: customerName.optional(), phone, email });
export type CustomerUpdateInput = z.input<typeof customerUpdateInput>;

/** The customer dialog (web). operations §5: empty phone and email are left out of what is sent. */
export const customerFormSchema = z.object({
  name: customerName,
  phone: z
    .string()
    .trim()
    .max(30, CUSTOMER_MESSAGES.phone)
    .refine((v) => v === '' || isPhoneText(v), CUSTOMER_MESSAGES.phone),
  email: z
    .string()
    .trim()
    .max(254, CUSTOMER_MESSAGES.email)
    .refine((v) => v === '' || isEmail(v), CUSTOMER_MESSAGES.email),
});
export type CustomerFormValues = z.input<typeof customerFormSchema>;

export const CUSTOMER_PAGE_SIZE = 24;

export const customerFilters = z.object({
  search: z.string().trim().max(200, 'Search is too long').optional(),
});
export const customerListQuery = customerFilters.extend({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(200, 'limit must be at most 200')
    .default(CUSTOMER_PAGE_SIZE),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int('offset must be a whole number')
    .min(0, 'offset must be 0 or more')
    .max(10_000_000, 'offset is too large')
    .default(0),
});

export const customer = z.object({
  id: z.uuid(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  loyalty_points: z.number().int(),
  /** pesewas */
  total_spent: z.number().int(),
  visit_count: z.number().int(),
  last_visit: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Customer = z.infer<typeof customer>;

export const customerList = z.object({ customers: z.array(customer), total: z.number().int() });
export type CustomerList = z.infer<typeof customerList>;

export const customerSummary = z.object({
  total_customers: z.number().int(),
  /** operations §2: customers with at least one visit. */
  active_customers: z.number().int(),
  total_spent: z.number().int(),
  loyalty_points: z.number().int(),
});
export type CustomerSummary = z.infer<typeof customerSummary>;
