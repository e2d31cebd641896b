import { insufficientAmountMessage } from '#domain/settlement.ts';
import { AppError } from '../../http/errors.ts';

// The sales module's expected failures (operations §5, §8); only the HTTP layer turns them into responses.
export const SALE_ERRORS = {
  emptyCart: () => new AppError('CART_EMPTY', 'Cart is empty', 400, { items: 'Cart is empty' }),
  productNotFound: (field: string) =>
    new AppError('PRODUCT_NOT_FOUND', 'Product not found', 404, { [field]: 'Product not found' }),
  duplicateProduct: (field: string) =>
    new AppError('DUPLICATE_PRODUCT', 'Each product may appear only once in a sale', 400, {
      [field]: 'Each product may appear only once in a sale',
    }),
  insufficientStock: (field: string, available: number) =>
    new AppError('INSUFFICIENT_STOCK', 'Insufficient stock', 409, {
      [field]: `Only ${Math.max(0, available)} units available.`,
    }),
  customerNotFound: () =>
    new AppError('CUSTOMER_NOT_FOUND', 'Customer not found', 404, { customer_id: 'Customer not found' }),
  insufficientAmount: (total: number, paid: number, field = 'payments') =>
    new AppError('INSUFFICIENT_AMOUNT', insufficientAmountMessage(total, paid), 400, {
      [field]: insufficientAmountMessage(total, paid),
    }),
  paymentsExceedTotal: (message: string) =>
    new AppError('PAYMENTS_EXCEED_TOTAL', message, 400, { payments: message }),
  invalidPayment: (field: string, message: string) =>
    new AppError('INVALID_PAYMENT', message, 400, { [field]: message }),
  saleTooLarge: () =>
    new AppError('SALE_TOO_LARGE', 'This sale is larger than one sale may be (₵10,000,000).', 400),
  idempotencyKeyMissing: () =>
    new AppError('IDEMPOTENCY_KEY_REQUIRED', 'Idempotency-Key header is required', 400, {
      'idempotency-key': 'Idempotency-Key header is required',
    }),
  idempotencyKeyReused: () =>
    new AppError(
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was already used for a different sale. Start a new checkout.',
      409,
    ),
  saleIdTaken: () =>
    new AppError('SALE_ID_TAKEN', 'A sale with this id already exists', 409, {
      id: 'A sale with this id already exists',
    }),
  // operations §8 'Transaction not found'.
  saleNotFound: () => new AppError('TRANSACTION_NOT_FOUND', 'Transaction not found', 404),
  noReceiptEmail: () =>
    new AppError('EMAIL_REQUIRED', 'Enter an email address to send the receipt to', 400, {
      email: 'Enter an email address to send the receipt to',
    }),
  parkedCartGone: () => new AppError('PARKED_CART_NOT_FOUND', 'This parked sale was already resumed', 404),
  // operations §8 and §4 Refund / Void.
  alreadyRefunded: () => new AppError('TRANSACTION_ALREADY_REFUNDED', 'Transaction already refunded', 409),
  alreadyVoided: () => new AppError('TRANSACTION_ALREADY_VOIDED', 'Transaction already voided', 409),
  onlySalesRefunded: () =>
    new AppError('TRANSACTION_NOT_REFUNDABLE', 'Only sales can be refunded, not refunds or voids', 409),
  onlyCompletedRefunded: () =>
    new AppError('TRANSACTION_NOT_REFUNDABLE', 'Only completed sales can be refunded', 409),
  onlySalesVoided: () =>
    new AppError('TRANSACTION_NOT_VOIDABLE', 'Only sales can be voided, not refunds', 409),
  voidAfterRefund: () =>
    new AppError(
      'TRANSACTION_NOT_VOIDABLE',
      'Part of this sale was already refunded: refund the rest instead of voiding it',
      409,
    ),
  voidTooLate: () =>
    new AppError(
      'VOID_WINDOW_CLOSED',
      'A sale can be voided only on the day it was made. Refund it instead.',
      409,
    ),
  refundLineNotInSale: (field: string) =>
    new AppError('REFUND_LINE_NOT_IN_SALE', 'This item is not part of the sale', 400, {
      [field]: 'This item is not part of the sale',
    }),
  refundLineTwice: (field: string) =>
    new AppError('DUPLICATE_REFUND_LINE', 'Each item may appear only once in a refund', 400, {
      [field]: 'Each item may appear only once in a refund',
    }),
  refundQuantityTooHigh: (field: string, left: number) => {
    const message = left === 0 ? 'This item was already refunded in full' : `Only ${left} left to refund`;
    return new AppError('REFUND_QUANTITY_TOO_HIGH', message, 400, { [field]: message });
  },
  alreadyPaid: () => new AppError('SALE_ALREADY_PAID', 'This sale is already paid', 409),
  notPending: (status: string) =>
    new AppError('SALE_NOT_PENDING', `This sale is ${status}, not waiting for payment`, 409),
  approvalRequired: () =>
    new AppError('APPROVAL_REQUIRED', 'A manager or owner must approve this with their PIN', 403, {
      approver_pin: 'A manager or owner must approve this with their PIN',
    }),
  discountNeedsApproval: (limit: number) => {
    const message = `Discounts above ${limit}% need a manager's or owner's approval`;
    return new AppError('DISCOUNT_APPROVAL_REQUIRED', message, 403, { approver_pin: message });
  },
  // A sale made offline (issue 15).
  offlineSaleInFuture: () =>
    new AppError(
      'OFFLINE_SALE_TIME_INVALID',
      'This offline sale is dated in the future: check the till’s clock',
      400,
      {
        'offline.created_at': 'This offline sale is dated in the future: check the till’s clock',
      },
    ),
  offlineSaleTooOld: () =>
    new AppError(
      'OFFLINE_SALE_TIME_INVALID',
      'This offline sale is more than 14 days old: ask a manager to enter it',
      400,
      {
        'offline.created_at': 'This offline sale is more than 14 days old: ask a manager to enter it',
      },
    ),
  offlineCashOnly: (field: string) =>
    new AppError(
      'OFFLINE_PAYMENT_NOT_ALLOWED',
      'Sales made offline are paid in cash or manual mobile money',
      400,
      { [field]: 'Sales made offline are paid in cash or manual mobile money' },
    ),
  // The same text as the online manual flow (payments' TRANSACTION_ID_REQUIRED).
  offlineTransactionIdRequired: (field: string) =>
    new AppError(
      'TRANSACTION_ID_REQUIRED',
      "Enter the transaction ID from the customer's confirmation SMS",
      400,
      {
        [field]: "Enter the transaction ID from the customer's confirmation SMS",
      },
    ),
  offlinePriceOutOfDay: (field: string, name: string, below: boolean, bound: string) => {
    const message = below
      ? `${name} was never sold below ${bound} that day: the offline price was refused`
      : `${name} was never priced above ${bound} that day: the offline price was refused`;
    return new AppError('OFFLINE_PRICE_REFUSED', message, 422, { [field]: message });
  },
  offlineReceiptTaken: () =>
    new AppError('OFFLINE_RECEIPT_TAKEN', 'Another sale already has this offline receipt number', 409, {
      'offline.receipt_number': 'Another sale already has this offline receipt number',
    }),
};
