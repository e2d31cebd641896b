import { MOBILE_MONEY_METHODS, type PaymentMethod } from '#domain/payment-methods.ts';
import { PAYMENT_ERRORS } from '../errors.ts';
import type { ProviderContext } from './context.ts';
import { isSignatureValid } from './signature.ts';
import {
  type MethodAvailability,
  type PaymentOptions,
  type PaymentProvider,
  ProviderFailed,
  type ProviderStatus,
  ProviderUnreachable,
  type WebhookEvent,
  WebhookRejected,
} from './types.ts';

// Paystack (https://paystack.com/docs): mobile money through POST /charge, the one-time code through
// POST /charge/submit_otp, verification through GET /transaction/verify/:reference, webhooks signed with
// x-paystack-signature; cards on a Paystack Terminal through POST /paymentrequest and POST /terminal/:id/event.
// Amounts are in the currency's subunit: pesewas, like ours.

type PaystackBody = { status?: boolean; message?: string; data?: Record<string, unknown> | null };

/** Paystack wants a customer email; a walk-in customer has none (operations §7: a fallback email). */
export const FALLBACK_EMAIL = 'customer@akwaabapos.com';

const NO_KEY = 'Paystack is chosen but its secret key is missing: add it in Payment settings';

/** A Paystack charge or transaction status, in our words. */
export function readPaystackStatus(data: Record<string, unknown>, message?: string): ProviderStatus {
  const status = String(data.status ?? '');
  const display =
    typeof data.display_text === 'string' ? data.display_text : typeof message === 'string' ? message : null;
  const providerId = data.id === undefined || data.id === null ? null : String(data.id);
  switch (status) {
    case 'success':
    case 'paid':
      return {
        status: 'success',
        amount: typeof data.amount === 'number' ? data.amount : Number(data.amount),
        currency: typeof data.currency === 'string' ? data.currency : 'GHS',
        providerId,
      };
    case 'failed':
    case 'abandoned':
    case 'reversed':
      return {
        status: 'failed',
        reason: String(data.gateway_response || data.message || message || `Payment ${status}`),
      };
    case 'send_otp':
      return { status: 'pending', nextAction: 'send_otp', displayText: display, providerId };
    case 'pay_offline':
      return { status: 'pending', nextAction: 'pay_offline', displayText: display, providerId };
    default:
      // pending, ongoing, processing, queued: no answer from the customer yet.
      return { status: 'pending', nextAction: null, displayText: display, providerId };
  }
}

/**
 * A payment request (Paystack Terminal), as GET /paymentrequest/:id_or_code answers: `paid` once the card went
 * through; a cancelled request will never be paid; anything else is still waiting at the terminal.
 */
export function readPaymentRequest(body: PaystackBody): ProviderStatus {
  const data = body.data;
  if (!body.status || !data) {
    return { status: 'pending', nextAction: null, displayText: null };
  }
  const providerId = data.id === undefined || data.id === null ? null : String(data.id);
  if (data.paid === true || data.status === 'success') {
    return readPaystackStatus({ ...data, status: 'success' });
  }
  if (data.status === 'cancelled' || data.status === 'failed') {
    return { status: 'failed', reason: 'The card payment was cancelled on the terminal' };
  }
  return { status: 'pending', nextAction: null, displayText: null, providerId };
}

/**
 * A webhook signed as Paystack signs them (the sandbox signs its own the same way, with its key): refused
 * unsigned, mis-signed or not JSON, else read as a Paystack event.
 */
export function readSignedPaystackEvent(
  key: string | null | undefined,
  rawBody: Buffer,
  signature: unknown,
): WebhookEvent {
  if (!key || !isSignatureValid(key, rawBody, signature)) throw new WebhookRejected('Invalid signature', 401);
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new WebhookRejected('Webhook body is not valid JSON', 400);
  }
  return readPaystackEvent(body);
}

export function readPaystackEvent(body: unknown): WebhookEvent {
  if (!body || typeof body !== 'object') throw new WebhookRejected('Webhook body must be a JSON object', 400);
  const { event, data } = body as { event?: unknown; data?: Record<string, unknown> };
  if (typeof event !== 'string' || !data || typeof data !== 'object') {
    throw new WebhookRejected('Webhook body must have an event and its data', 400);
  }
  const reference =
    typeof data.reference === 'string'
      ? data.reference
      : typeof data.offline_reference === 'string'
        ? data.offline_reference
        : null;
  const providerId = data.id === undefined || data.id === null ? null : String(data.id);
  const eventKey = `${event}:${providerId ?? reference ?? ''}`;
  switch (event) {
    case 'charge.success':
    case 'paymentrequest.success':
      return { eventKey, reference, providerId, result: readPaystackStatus({ ...data, status: 'success' }) };
    case 'charge.failed':
      return { eventKey, reference, providerId, result: readPaystackStatus({ ...data, status: 'failed' }) };
    default:
      return { eventKey, reference, providerId, result: null };
  }
}

export function paystackProvider(context: ProviderContext): PaymentProvider {
  const { settings } = context;
  const key = context.paystackSecretKey;

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<PaystackBody> {
    if (!key) throw PAYMENT_ERRORS.notInitialized(NO_KEY);
    let response: Response;
    try {
      response = await fetch(`${settings.paystackBaseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(context.timeoutMs),
      });
    } catch (error) {
      const isTimeout = error instanceof Error && error.name === 'TimeoutError';
      throw new ProviderUnreachable(
        isTimeout ? 'Paystack did not answer in time' : 'Paystack could not be reached',
        isTimeout,
      );
    }
    if (response.status >= 500) {
      throw new ProviderFailed(`Payment initiation failed (Paystack answered ${response.status})`);
    }
    let parsed: PaystackBody;
    try {
      parsed = (await response.json()) as PaystackBody;
    } catch {
      throw new ProviderFailed('Payment initiation failed (Paystack sent an unreadable answer)');
    }
    if (response.status === 401) throw new ProviderFailed('Paystack refused the secret key');
    return parsed;
  }

  const answer = (body: PaystackBody): ProviderStatus =>
    body.status && body.data
      ? readPaystackStatus(body.data, body.message)
      : {
          status: 'failed',
          reason: String(body.data?.gateway_response ?? body.message ?? 'Payment initiation failed'),
        };

  return {
    name: 'paystack',
    initialize() {
      if (!key) throw PAYMENT_ERRORS.notInitialized(NO_KEY);
    },
    availableMethods(): MethodAvailability[] {
      return (['cash', 'card', ...MOBILE_MONEY_METHODS] as PaymentMethod[]).map((method) => {
        if (method === 'cash') return { method, available: true, reason: null };
        if (!key) return { method, available: false, reason: NO_KEY };
        if (method === 'card' && !settings.paystackTerminalId) {
          return {
            method,
            available: false,
            reason: 'No card terminal is set up: add the Paystack Terminal ID in Payment settings',
          };
        }
        return { method, available: true, reason: null };
      });
    },
    async initiate(method, options: PaymentOptions) {
      if (method === 'card') {
        const request = await call('POST', '/paymentrequest', {
          customer: options.customer_info.email ?? FALLBACK_EMAIL,
          amount: options.amount,
          currency: options.currency,
          description: `Sale ${options.metadata.receipt_number}`,
          metadata: { ...options.metadata, reference: options.reference },
        });
        if (!request.status || !request.data) return answer(request);
        const event = await call(
          'POST',
          `/terminal/${encodeURIComponent(settings.paystackTerminalId ?? '')}/event`,
          {
            type: 'invoice',
            action: 'process',
            data: { id: String(request.data.id), reference: String(request.data.offline_reference ?? '') },
          },
        );
        if (!event.status)
          return { status: 'failed', reason: event.message ?? 'The terminal did not take the payment' };
        return {
          status: 'pending',
          nextAction: null,
          displayText: 'Sent to the card terminal: the customer taps or inserts the card there',
          providerId: String(request.data.id),
        };
      }
      const network = settings.networkCodes[method as keyof typeof settings.networkCodes];
      const phone = options.customer_info.phone;
      return answer(
        await call('POST', '/charge', {
          email: options.customer_info.email ?? FALLBACK_EMAIL,
          amount: options.amount,
          currency: options.currency,
          reference: options.reference,
          // Paystack's examples write Ghana numbers in their local form.
          mobile_money: { phone: phone ? `0${phone.slice(4)}` : '', provider: network },
          metadata: options.metadata,
        }),
      );
    },
    async status({ reference, providerId, method }) {
      // A terminal's card payment is a payment request: the transaction it becomes carries Paystack's reference,
      // not ours, so it is the request that is asked (GET /paymentrequest/:id_or_code).
      if (method === 'card' && providerId) {
        return readPaymentRequest(await call('GET', `/paymentrequest/${encodeURIComponent(providerId)}`));
      }
      const body = await call('GET', `/transaction/verify/${encodeURIComponent(reference)}`);
      if (!body.status && /not found/i.test(body.message ?? '')) {
        return { status: 'pending', nextAction: null, displayText: null };
      }
      return answer(body);
    },
    async submitOtp(reference, otp) {
      return answer(await call('POST', '/charge/submit_otp', { otp, reference }));
    },
    handleWebhook(rawBody, headers) {
      return readSignedPaystackEvent(key, rawBody, headers['x-paystack-signature']);
    },
    async refund(reference, amount) {
      const body = await call('POST', '/refund', { transaction: reference, amount });
      if (!body.status) throw new ProviderFailed(body.message ?? 'Paystack refused the refund');
      return { status: String(body.data?.status) === 'processed' ? 'processed' : 'pending' };
    },
    async listRefunds(reference) {
      // GET /refund lists the refunds of one transaction when given its reference.
      const body = await call('GET', `/refund?reference=${encodeURIComponent(reference)}&currency=GHS`);
      const list: unknown = body.data;
      if (!body.status || !Array.isArray(list)) {
        throw new ProviderFailed(body.message ?? 'Paystack did not list the refunds');
      }
      return (list as Record<string, unknown>[]).map((refund) => ({
        amount: Number(refund.amount),
        status: String(refund.status ?? ''),
      }));
    },
    async testConnection() {
      try {
        const body = await call('GET', '/balance');
        return body.status
          ? { ok: true, message: 'Connected to Paystack: the secret key works' }
          : { ok: false, message: body.message ?? 'Paystack refused the secret key' };
      } catch (error) {
        return {
          ok: false,
          message: error instanceof Error ? error.message : 'Paystack could not be reached',
        };
      }
    },
  };
}
