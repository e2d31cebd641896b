import { AppError } from '../../http/errors.ts';

// The payments module's expected failures; operations §8 Payment texts where the spec has them.
export const PAYMENT_ERRORS = {
  notInitialized: (why?: string) =>
    new AppError(
      'PAYMENT_NOT_INITIALIZED',
      why ? `Payment service not initialized: ${why}` : 'Payment service not initialized',
      409,
    ),
  methodUnavailable: (field: string, reason: string) =>
    new AppError('PAYMENT_METHOD_UNAVAILABLE', reason, 400, { [field]: reason }),
  phoneRequired: (field: string) =>
    new AppError('PHONE_REQUIRED', "Enter the customer's mobile money number", 400, {
      [field]: "Enter the customer's mobile money number",
    }),
  transactionIdRequired: (field: string) =>
    new AppError(
      'TRANSACTION_ID_REQUIRED',
      "Enter the transaction ID from the customer's confirmation SMS",
      400,
      {
        [field]: "Enter the transaction ID from the customer's confirmation SMS",
      },
    ),
  updateFailed: () => new AppError('PAYMENT_CONFIG_FAILED', 'Failed to update payment configuration', 400),
  paymentNotFound: () => new AppError('PAYMENT_NOT_FOUND', 'Payment not found', 404),
  otpNotAsked: () => new AppError('OTP_NOT_REQUESTED', 'This payment is not waiting for a code', 409),
  webhookRejected: (message: string, status: 400 | 401) =>
    new AppError(status === 401 ? 'WEBHOOK_SIGNATURE_INVALID' : 'WEBHOOK_INVALID', message, status),
  refundFailed: (why: string) =>
    new AppError(
      'PROVIDER_REFUND_FAILED',
      `The money could not be sent back: ${why}. Nothing was refunded. Try again, or refund it in cash.`,
      502,
    ),
  refundInDoubt: (provider: string) =>
    new AppError(
      'PROVIDER_REFUND_UNKNOWN',
      `${provider} did not answer in time, so it is not known yet whether the money went back. Try again in a moment: the earlier attempt is checked with ${provider} first, so the money is never sent twice.`,
      502,
    ),
  refundSentNotRecorded: (amount: string) =>
    new AppError(
      'PROVIDER_REFUND_NOT_RECORDED',
      `${amount} of this sale was already sent back through the payment provider but not yet recorded. Refund ${amount} to record it.`,
      409,
    ),
  refundInFlight: () =>
    new AppError(
      'PROVIDER_REFUND_IN_PROGRESS',
      'A refund of this sale is being sent to the payment provider. Wait a moment and try again.',
      409,
    ),
  sandboxClosed: () =>
    new AppError('PAYMENT_NOT_PENDING', 'This payment is no longer waiting for an answer', 409),
};
