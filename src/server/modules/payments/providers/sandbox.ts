import { PAYMENT_METHODS } from '#domain/payment-methods.ts';
import type { ProviderContext } from './context.ts';
import { readSignedPaystackEvent } from './paystack.ts';
import type { PaymentProvider } from './types.ts';

// The sandbox (the default, so a shop can practise with no account anywhere): a non-cash payment waits for the
// page /pay/sandbox/{reference}, which plays the customer's phone or the card terminal. Its decision comes back
// as a webhook in Paystack's shape, signed with x-sandbox-signature (HMAC-SHA512 of the raw body under the
// business's sandbox key), through the same route as a real provider's.

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

export function sandboxProvider(context: ProviderContext): PaymentProvider {
  return {
    name: 'sandbox',
    initialize() {},
    availableMethods() {
      return PAYMENT_METHODS.map((method) => ({ method, available: true, reason: null }));
    },
    async initiate(method) {
      return {
        status: 'pending',
        nextAction: 'pay_offline',
        displayText:
          method === 'card'
            ? 'Waiting for the card on the sandbox terminal page'
            : 'Waiting for the customer to approve on the sandbox phone page',
      };
    },
    async status({ reference }) {
      const answer = await context.sandboxAnswer(reference);
      if (answer?.decision === 'approve')
        return { status: 'success', amount: answer.amount, currency: 'GHS' };
      if (answer?.decision === 'decline') return { status: 'failed', reason: 'Declined by the customer' };
      return { status: 'pending', nextAction: 'pay_offline', displayText: null };
    },
    handleWebhook(rawBody, headers) {
      return readSignedPaystackEvent(context.sandboxKey, rawBody, headers[SANDBOX_SIGNATURE_HEADER]);
    },
    async refund() {
      return { status: 'processed' };
    },
    async testConnection() {
      return { ok: true, message: 'The sandbox needs no connection: payments are approved on its page' };
    },
  };
}
