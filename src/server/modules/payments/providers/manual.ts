import { MOBILE_MONEY_METHODS } from '#domain/payment-methods.ts';
import { PAYMENT_ERRORS } from '../errors.ts';
import type { ProviderContext } from './context.ts';
import type { PaymentProvider } from './types.ts';
import { WebhookRejected } from './types.ts';

// Manual mobile money, how many small shops work today: the customer sends the money to the shop's MoMo
// merchant number, and the cashier types the transaction ID from the confirmation SMS. The sale completes at
// once, marked confirmed by cashier; the owner reconciles the list against the MoMo statement.

const NO_NUMBER = "Add the shop's MoMo merchant number in Payment settings";

export function manualProvider(context: ProviderContext): PaymentProvider {
  const number = context.settings.momoMerchantNumber;
  return {
    name: 'manual',
    initialize() {
      if (!number) throw PAYMENT_ERRORS.notInitialized(NO_NUMBER);
    },
    availableMethods() {
      return [
        { method: 'cash', available: true, reason: null },
        {
          method: 'card',
          available: false,
          reason:
            'No card provider: manual mobile money takes no cards. Choose Sandbox or Paystack in Payment settings',
        },
        ...MOBILE_MONEY_METHODS.map((method) => ({
          method,
          available: Boolean(number),
          reason: number ? null : NO_NUMBER,
        })),
      ];
    },
    async initiate(_method, options) {
      if (!options.cashier_reference) {
        return { status: 'failed', reason: 'No transaction ID was entered' };
      }
      return { status: 'success', amount: options.amount, currency: options.currency };
    },
    async status() {
      // A manual payment is confirmed when it is made; there is nobody to ask.
      return { status: 'pending', nextAction: null, displayText: null };
    },
    handleWebhook() {
      throw new WebhookRejected('Manual mobile money receives no webhooks', 400);
    },
    async refund() {
      return null;
    },
    async testConnection() {
      return number
        ? { ok: true, message: 'Manual mobile money needs no connection' }
        : { ok: false, message: NO_NUMBER };
    },
  };
}
