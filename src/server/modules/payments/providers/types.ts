import type { PaymentMethod } from '#domain/payment-methods.ts';
import type { PaymentProviderName } from '#domain/schemas/payments.ts';

// The provider interface (operations §7 Payment service): one per business, built from its settings.

/** operations §3 Payment options. */
export type PaymentOptions = {
  /** Pesewas. */
  amount: number;
  currency: 'GHS';
  /** The sale. */
  transaction_id: string;
  /** Our own unique reference of this payment: what the provider and its webhooks call it. */
  reference: string;
  customer_info: { email: string | null; phone: string | null; name: string | null };
  metadata: { source: 'pos'; receipt_number: string; [key: string]: unknown };
  /** Manual mobile money: the transaction ID the cashier typed from the customer's SMS. */
  cashier_reference?: string | null;
};

/** Where a payment stands at the provider. */
export type ProviderStatus =
  | { status: 'success'; amount?: number; currency?: string; providerId?: string | null }
  | { status: 'failed'; reason: string }
  | {
      status: 'pending';
      nextAction?: 'pay_offline' | 'send_otp' | null;
      displayText?: string | null;
      providerId?: string | null;
    };

/** A webhook, verified and read: what it says about which of our references. */
export type WebhookEvent = {
  /** Unique per event: the same delivery twice has the same key. */
  eventKey: string;
  reference: string | null;
  /** The provider's own id of the charge (a terminal's payment request has no reference of ours). */
  providerId: string | null;
  result: ProviderStatus | null;
};

/** A payment to ask about: our reference, the provider's own id of it (a terminal's payment request), its method. */
export type PaymentLookup = { reference: string; providerId: string | null; method: PaymentMethod };

export type MethodAvailability = { method: PaymentMethod; available: boolean; reason: string | null };

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Throws PAYMENT_NOT_INITIALIZED ('Payment service not initialized') when the settings are incomplete. */
  initialize(): void;
  availableMethods(): MethodAvailability[];
  initiate(method: PaymentMethod, options: PaymentOptions): Promise<ProviderStatus>;
  status(payment: PaymentLookup): Promise<ProviderStatus>;
  /** Only Paystack mobile money asks for a one-time code. */
  submitOtp?(reference: string, otp: string): Promise<ProviderStatus>;
  /** Verifies the signature (constant time) and reads the event; throws on a forged or unreadable one. */
  handleWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookEvent;
  /** Sends money back through the provider; null when this provider cannot. */
  refund(reference: string, amount: number): Promise<{ status: 'pending' | 'processed' } | null>;
  /**
   * The refunds the provider holds for a payment, for an attempt that got no answer in time (did it arrive?).
   * Absent when the provider always answers (the sandbox) or cannot refund.
   */
  listRefunds?(reference: string): Promise<{ amount: number; status: string }[]>;
  /** Test connection: a call that needs the key to be right. */
  testConnection(): Promise<{ ok: true; message: string } | { ok: false; message: string }>;
}

/** A provider that did not answer in time, or could not be reached: the payment stays pending, checked later. */
export class ProviderUnreachable extends Error {
  override name = 'ProviderUnreachable';
  /** A request sent whose answer never came (a time-out): the provider may have acted on it. */
  constructor(
    message: string,
    readonly isMaybeReceived = false,
  ) {
    super(message);
  }
}

/** A provider that answered with a server error: the payment failed to start. */
export class ProviderFailed extends Error {
  override name = 'ProviderFailed';
}

/** A webhook whose signature is missing or wrong, or whose body is not JSON. */
export class WebhookRejected extends Error {
  override name = 'WebhookRejected';
  constructor(
    message: string,
    readonly status: 400 | 401,
  ) {
    super(message);
  }
}
