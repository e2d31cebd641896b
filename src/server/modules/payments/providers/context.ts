import type { paymentSettings } from '../../../db/schema/index.ts';

export type PaymentSettingsRow = typeof paymentSettings.$inferSelect;

/** What a provider is built from: the business's settings and the keys opened for this call. */
export type ProviderContext = {
  businessId: string;
  settings: PaymentSettingsRow;
  /** The Paystack secret key, decrypted; null when none is stored or it no longer opens. */
  paystackSecretKey: string | null;
  /** The key the sandbox signs this business's webhooks with. */
  sandboxKey: string;
  timeoutMs: number;
  /** The sandbox's answer for one of its payments (kept with the payment), for status(). */
  sandboxAnswer: (
    reference: string,
  ) => Promise<{ decision: 'approve' | 'decline' | 'timeout' | null; amount: number } | null>;
};
