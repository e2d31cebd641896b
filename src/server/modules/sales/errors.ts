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
};
