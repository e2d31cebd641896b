import { z } from 'zod';
import { GHANA_PHONE_MESSAGE, normalizeGhanaPhone } from '../ghana-phone.ts';
import { PAYMENT_METHODS } from '../payment-methods.ts';
import { PAYMENT_STATUSES } from './sales.ts';

// Payment providers, their settings (manage_payments), what the till may offer, and the sandbox page.

export const PAYMENT_PROVIDERS = ['sandbox', 'paystack', 'manual'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
export const PAYMENT_PROVIDER_LABELS: Record<PaymentProviderName, string> = {
  sandbox: 'Sandbox (practice, no real money)',
  paystack: 'Paystack',
  manual: 'Manual mobile money (to the shop’s MoMo number)',
};

export const methodAvailability = z.object({
  method: z.enum(PAYMENT_METHODS),
  available: z.boolean(),
  /** Why the method cannot be used, in words for the cashier. */
  reason: z.string().nullable(),
});
export type MethodAvailabilityBody = z.infer<typeof methodAvailability>;

export const paymentMethodsResponse = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  mode: z.enum(['test', 'live']),
  methods: z.array(methodAvailability),
  /** Manual mobile money: where the customer sends the money (shown on the dialog and the customer display). */
  merchant: z.object({ number: z.string(), name: z.string().nullable() }).nullable(),
});
export type PaymentMethodsResponse = z.infer<typeof paymentMethodsResponse>;

const networkCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2,10}$/, 'A network code is 2 to 10 letters, e.g. MTN')
  .transform((code) => code.toUpperCase());

export const networkCodes = z.object({
  mtn_momo: networkCode,
  telecel_cash: networkCode,
  airteltigo_money: networkCode,
});

export const paymentSettings = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  mode: z.enum(['test', 'live']),
  paystack: z.object({
    /** Only the last 4 characters ever leave the server. */
    secret_key_last4: z.string().nullable(),
    /** The key is stored but cannot be read any more (the server key changed): enter it again. */
    is_secret_key_unreadable: z.boolean(),
    base_url: z.string(),
    terminal_id: z.string().nullable(),
    network_codes: z.object({ mtn_momo: z.string(), telecel_cash: z.string(), airteltigo_money: z.string() }),
    /** Where Paystack must send this shop's events (set it on the Paystack dashboard). */
    webhook_url: z.string(),
  }),
  momo_merchant_number: z.string().nullable(),
  momo_merchant_name: z.string().nullable(),
});
export type PaymentSettingsBody = z.infer<typeof paymentSettings>;
export const paymentSettingsResponse = z.object({
  settings: paymentSettings,
  message: z.string().optional(),
});
export type PaymentSettingsResponse = z.infer<typeof paymentSettingsResponse>;

const optionalTrimmed = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => value || null);

export const paymentSettingsInput = z.object({
  provider: z.enum(PAYMENT_PROVIDERS, { error: 'Choose sandbox, Paystack or manual mobile money' }),
  mode: z.enum(['test', 'live'], { error: 'Choose test or live' }),
  /** A new secret key; absent or empty keeps the stored one. */
  paystack_secret_key: z
    .string()
    .trim()
    .nullish()
    .transform((value) => value || null)
    .refine((value) => value === null || /^sk_(test|live)_[A-Za-z0-9]{8,}$/.test(value), {
      message: 'A Paystack secret key starts with sk_test_ or sk_live_',
    }),
  paystack_base_url: z
    .url({ message: 'Enter the API address, e.g. https://api.paystack.co' })
    .refine((value) => /^https?:\/\//.test(value), 'Enter the API address, e.g. https://api.paystack.co')
    .transform((value) => value.replace(/\/+$/, '')),
  paystack_terminal_id: optionalTrimmed(64, 'A terminal ID is at most 64 characters'),
  network_codes: networkCodes,
  momo_merchant_number: z
    .string()
    .trim()
    .nullish()
    .transform((value, context) => {
      if (!value) return null;
      const phone = normalizeGhanaPhone(value);
      if (!phone) {
        context.addIssue({ code: 'custom', message: GHANA_PHONE_MESSAGE });
        return z.NEVER;
      }
      return phone;
    }),
  momo_merchant_name: optionalTrimmed(80, 'The name is at most 80 characters'),
});
export type PaymentSettingsInput = z.input<typeof paymentSettingsInput>;

export const testConnectionResponse = z.object({ ok: z.boolean(), message: z.string() });
export type TestConnectionResponse = z.infer<typeof testConnectionResponse>;

export const otpInput = z.object({
  otp: z
    .string({ error: 'Enter the code the customer received' })
    .trim()
    .regex(/^\d{4,8}$/, 'Enter the code the customer received (4 to 8 digits)'),
});

export const paymentParams = z.object({
  id: z.uuid('Sale id must be a UUID'),
  paymentId: z.uuid('Payment id must be a UUID'),
});

export const sandboxReferenceParams = z.object({
  reference: z.string().regex(/^AKW-[0-9a-f]{24}$/, 'Payment not found'),
});

export const sandboxPaymentResponse = z.object({
  payment: z.object({
    reference: z.string(),
    business_name: z.string(),
    receipt_number: z.string(),
    method: z.enum(PAYMENT_METHODS),
    amount: z.number().int(),
    currency: z.string(),
    phone: z.string().nullable(),
    status: z.enum(['pending', 'completed', 'failed']),
    sale_status: z.enum(PAYMENT_STATUSES),
    /** The sandbox's own answer so far: a timed-out payment stays pending until the till gives up. */
    decision: z.enum(['approve', 'decline', 'timeout']).nullable(),
  }),
});
export type SandboxPaymentResponse = z.infer<typeof sandboxPaymentResponse>;

export const sandboxDecisionInput = z.object({
  decision: z.enum(['approve', 'decline', 'timeout'], { error: 'Choose approve, decline or time out' }),
});

export const manualMomoPaymentsResponse = z.object({
  payments: z.array(
    z.object({
      id: z.uuid(),
      sale_id: z.uuid(),
      receipt_number: z.string(),
      method: z.enum(PAYMENT_METHODS),
      amount: z.number().int(),
      transaction_id: z.string().nullable(),
      cashier: z.string(),
      confirmed_at: z.string().nullable(),
      sale_status: z.enum(PAYMENT_STATUSES),
    }),
  ),
});
export type ManualMomoPaymentsResponse = z.infer<typeof manualMomoPaymentsResponse>;
