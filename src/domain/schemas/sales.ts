import { z } from 'zod';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../cart.ts';
import { GHANA_PHONE_MESSAGE, normalizeGhanaPhone } from '../ghana-phone.ts';
import { MAX_REDEEM_POINTS } from '../loyalty.ts';
import { OFFLINE_RECEIPT_PATTERN } from '../offline-sale.ts';
import { PAYMENT_METHODS, SALE_PAYMENT_METHODS } from '../payment-methods.ts';
import { emailField, optionalText } from './fields.ts';
import { saleLoyalty } from './loyalty.ts';
import { receiptSettingsInput } from './settings.ts';

// The till's API (operations §2 POS, §3 Transaction/Cart, §4 Sale creation, §5 Sale). Money is
// integer pesewas everywhere; tax_rate is a percentage number (12.5).

/** The largest amount one sale may reach: ₵10,000,000. */
export const MAX_SALE_AMOUNT = 1_000_000_000;

const pesewas = (label: string) =>
  z
    .number({ error: `${label} must be an amount in pesewas` })
    .int(`${label} must be a whole number of pesewas`)
    .min(0, `${label} cannot be negative`)
    .max(MAX_SALE_AMOUNT, `${label} is too large`);

// ---- Product reads for the till ----

export const posCategory = z.object({ id: z.uuid(), name: z.string() });
export type PosCategory = z.infer<typeof posCategory>;

export const posProduct = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  price: z.number().int(),
  tax_rate: z.number(),
  stock_quantity: z.number().int(),
  min_stock_level: z.number().int(),
  barcode: z.string().nullable(),
  sku: z.string().nullable(),
  image_url: z.string().nullable(),
  category: posCategory.nullable(),
});
export type PosProduct = z.infer<typeof posProduct>;

export const posProductsQuery = z.object({
  search: optionalText(100, 'Search must be at most 100 characters'),
  category_id: z.uuid('Category id must be a UUID').optional(),
  // These products only, comma-separated: a parked sale's, checked again when it is resumed.
  ids: z
    .string()
    .transform((value) => value.split(','))
    .pipe(
      z
        .array(z.uuid('Product ids must be UUIDs'))
        .max(MAX_CART_LINES, `At most ${MAX_CART_LINES} products at a time`),
    )
    .optional(),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(500, 'Limit must be at most 500')
    .default(200),
  offset: z.coerce
    .number({ error: 'Offset must be a number' })
    .int('Offset must be a whole number')
    .min(0, 'Offset cannot be negative')
    .default(0),
});
export type PosProductsQuery = z.input<typeof posProductsQuery>;
/** The till's product list query as the server reads it (limit and offset filled in). */
export type PosProductsFilters = z.output<typeof posProductsQuery>;

export const posProductsResponse = z.object({
  products: z.array(posProduct),
  /** Another page follows this one. */
  has_more: z.boolean(),
});
export type PosProductsResponse = z.infer<typeof posProductsResponse>;

export const posProductByCodeParams = z.object({
  code: z.string().trim().min(1, 'Code is required').max(100, 'Code must be at most 100 characters'),
});
export const posProductResponse = z.object({ product: posProduct });
export type PosProductResponse = z.infer<typeof posProductResponse>;

export const posCategoriesResponse = z.object({ categories: z.array(posCategory) });
export type PosCategoriesResponse = z.infer<typeof posCategoriesResponse>;

// ---- Sale creation ----

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const idempotencyKey = z
  .string({ error: 'Idempotency-Key header is required' })
  .trim()
  .min(8, 'Idempotency-Key must be at least 8 characters')
  .max(200, 'Idempotency-Key must be at most 200 characters')
  .regex(/^[A-Za-z0-9_:.-]+$/, 'Idempotency-Key may hold only letters, digits and - _ : .');

export const quantityField = z
  .number({ error: 'Quantity must be a whole number of at least 1' })
  .int('Quantity must be a whole number of at least 1')
  .min(1, 'Quantity must be a whole number of at least 1')
  .max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}`);

export const saleItemInput = z.object({
  product_id: z.uuid('Product id must be a UUID'),
  quantity: quantityField,
  discount_amount: pesewas('Discount').optional(),
  /** Read only on a sale made offline: the price the till charged (checked against the day's prices). */
  unit_price: pesewas('Price').optional(),
});
export type SaleItemInput = z.input<typeof saleItemInput>;

export const salePaymentInput = z.object({
  method: z.enum(PAYMENT_METHODS, {
    error: 'Payment method must be one of cash, card, mtn_momo, telecel_cash, airteltigo_money',
  }),
  /** The part of the total this payment covers. */
  amount: pesewas('Payment amount'),
  /** Cash only: what the customer handed over (change = Σ tendered − Σ cash amount). */
  amount_tendered: pesewas('Amount received').optional(),
  /** Manual mobile money: the transaction ID from the customer's confirmation SMS; otherwise a free note. */
  reference: optionalText(100, 'Reference must be at most 100 characters'),
  /** Mobile money through a provider: the customer's number, kept as +233XXXXXXXXX. */
  phone: z
    .string({ error: GHANA_PHONE_MESSAGE })
    .trim()
    .nullish()
    .transform((value, context) => {
      if (!value) return undefined;
      const phone = normalizeGhanaPhone(value);
      if (!phone) {
        context.addIssue({ code: 'custom', message: GHANA_PHONE_MESSAGE });
        return z.NEVER;
      }
      return phone;
    }),
});
export type SalePaymentInput = z.input<typeof salePaymentInput>;

export const createSaleInput = z.object({
  /** A client-made id (offline-first tills); the server makes one when absent. */
  id: z.uuid('Sale id must be a UUID').optional(),
  // Extra fields a client sends (prices, totals) are dropped: the server prices everything itself.
  items: z
    .array(saleItemInput, { error: 'Cart is empty' })
    .min(1, 'Cart is empty')
    .max(MAX_CART_LINES, `A sale may hold at most ${MAX_CART_LINES} lines`),
  discount_amount: pesewas('Discount').optional(),
  customer_id: z.uuid('Customer id must be a UUID').nullish(),
  notes: optionalText(500, 'Notes must be at most 500 characters'),
  payments: z
    .array(salePaymentInput, { error: 'Choose a payment method' })
    .min(1, 'Choose a payment method')
    .max(10, 'A sale may take at most 10 payments'),
  /** A manager's or owner's PIN approving a discount above the business's limit (never stored). */
  approver_pin: z
    .string()
    .regex(/^\d{4,6}$/, 'Enter the approver’s PIN (4 to 6 digits)')
    .optional(),
  /** Loyalty points of the sale's customer taken off the sale as a discount (the server checks and values them). */
  redeem_points: z
    .number({ error: 'Points to redeem must be a whole number' })
    .int('Points to redeem must be a whole number')
    .min(0, 'Points to redeem cannot be negative')
    .max(MAX_REDEEM_POINTS, 'Points to redeem is too large')
    .optional(),
  /** A sale the till made with no connection, sent later from its outbox (issue 15). */
  offline: z
    .object({
      /** When the customer paid, by the till's clock: the sale's time. */
      created_at: z.iso.datetime({ offset: true, error: 'Offline sale time must be an ISO date-time' }),
      receipt_number: z
        .string()
        .regex(OFFLINE_RECEIPT_PATTERN, 'Offline receipt number must look like OFF-XXXXXXXXXXXX-0001'),
      till_id: z.uuid('Till id must be a UUID'),
    })
    .optional(),
});
export type CreateSaleInput = z.input<typeof createSaleInput>;
export type CreateSale = z.output<typeof createSaleInput>;

// ---- The sale as the API returns it ----

export const PAYMENT_STATUSES = ['completed', 'pending', 'failed', 'refunded', 'cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_ROW_STATUSES = ['pending', 'completed', 'failed'] as const;
export const TRANSACTION_TYPES = ['sale', 'refund', 'void'] as const;

export const salePayment = z.object({
  id: z.uuid(),
  method: z.enum(PAYMENT_METHODS),
  amount: z.number().int(),
  /** Cash: what was handed over; null for other methods. */
  amount_tendered: z.number().int().nullable(),
  status: z.enum(PAYMENT_ROW_STATUSES),
  reference: z.string().nullable(),
  // Through a provider (absent on cash): our reference the provider knows it by, and where it stands.
  provider: z.enum(['sandbox', 'paystack', 'manual']).nullish(),
  provider_reference: z.string().nullish(),
  phone: z.string().nullish(),
  /** pay_offline: the customer approves on the phone; send_otp: the till must send the code the customer got. */
  next_action: z.enum(['pay_offline', 'send_otp']).nullish(),
  display_text: z.string().nullish(),
  failure_reason: z.string().nullish(),
  /** amount_mismatch: paid another amount than the sale's; paid_after_cancel: owed back to the customer. */
  flag: z.enum(['amount_mismatch', 'paid_after_cancel']).nullish(),
  /** Manual mobile money: the cashier confirmed it from the customer's SMS. */
  is_confirmed_by_cashier: z.boolean().nullish(),
});
export type SalePayment = z.infer<typeof salePayment>;

export const saleItem = z.object({
  id: z.uuid(),
  product_id: z.uuid().nullable(),
  /** The name at sale time, so receipts survive renames. */
  product_name: z.string(),
  quantity: z.number().int(),
  unit_price: z.number().int(),
  tax_rate: z.number(),
  tax_amount: z.number().int(),
  discount_amount: z.number().int(),
  /** quantity × unit_price. */
  total_price: z.number().int(),
});
export type SaleItem = z.infer<typeof saleItem>;

export const receiptBusiness = z.object({
  name: z.string(),
  address: z.string(),
  phone: z.string().nullable(),
  tax_id: z.string().nullable(),
  receipt_footer: z.string().nullable(),
  timezone: z.string(),
  currency: z.string(),
  /** Settings → Receipts (issue 16): what the receipt shows and its paper; every switch on when absent. */
  logo_url: z.string().nullable().optional(),
  receipt: receiptSettingsInput.optional(),
});
export type ReceiptBusiness = z.infer<typeof receiptBusiness>;

export const sale = z.object({
  id: z.uuid(),
  receipt_number: z.string(),
  transaction_type: z.enum(TRANSACTION_TYPES),
  payment_status: z.enum(PAYMENT_STATUSES),
  payment_method: z.enum(SALE_PAYMENT_METHODS),
  subtotal: z.number().int(),
  tax_amount: z.number().int(),
  discount_amount: z.number().int(),
  total_amount: z.number().int(),
  /** What the customer has handed over so far: cash tendered plus completed non-cash payments. */
  amount_paid: z.number().int(),
  change_given: z.number().int(),
  payments: z.array(salePayment),
  items: z.array(saleItem),
  customer: z
    .object({ id: z.uuid(), name: z.string(), phone: z.string().nullable(), email: z.string().nullable() })
    .nullable(),
  cashier: z.object({ id: z.uuid(), first_name: z.string(), last_name: z.string() }),
  business: receiptBusiness,
  notes: z.string().nullable(),
  created_at: z.string(),
  /** The points this sale (or refund) moved, for its receipt; absent or null when it moved none. */
  loyalty: saleLoyalty.nullish(),
  /** Made at a till with no connection: when it reached the server, and the stock it could not take. */
  offline: z
    .object({
      till_id: z.string(),
      synced_at: z.string(),
      stock_shortfall: z
        .array(
          z.object({
            product_id: z.string(),
            product_name: z.string(),
            quantity: z.number().int(),
            short_by: z.number().int(),
          }),
        )
        .nullable(),
    })
    .nullish(),
});
export type Sale = z.infer<typeof sale>;

export const saleResponse = z.object({ sale });
export type SaleResponse = z.infer<typeof saleResponse>;

export const saleParams = z.object({ id: z.uuid('Sale id must be a UUID') });

export const salesListQuery = z.object({
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(100, 'Limit must be at most 100')
    .default(20),
  offset: z.coerce
    .number({ error: 'Offset must be a number' })
    .int('Offset must be a whole number')
    .min(0, 'Offset cannot be negative')
    .default(0),
});
export type SalesListQuery = z.input<typeof salesListQuery>;
export const salesListResponse = z.object({ sales: z.array(sale), total: z.number().int() });
export type SalesListResponse = z.infer<typeof salesListResponse>;

export const emailReceiptInput = z.object({ email: emailField().optional() });
export type EmailReceiptInput = z.input<typeof emailReceiptInput>;
export const emailReceiptResponse = z.object({ queued: z.literal(true) });

// ---- Parked carts (kept per business on the server; parking never reserves stock) ----

export const parkedCartItem = z.object({
  product_id: z.uuid('Product id must be a UUID'),
  name: z.string().trim().min(1, 'Product name is required').max(200),
  unit_price: pesewas('Price'),
  tax_rate: z
    .number()
    .min(0, 'Tax rate must be between 0 and 100')
    .max(100, 'Tax rate must be between 0 and 100'),
  quantity: quantityField,
  discount_amount: pesewas('Discount').default(0),
});
export type ParkedCartItemInput = z.input<typeof parkedCartItem>;

export const parkedCartContents = z.object({
  items: z.array(parkedCartItem, { error: 'Cart is empty' }).min(1, 'Cart is empty').max(MAX_CART_LINES),
  discount_amount: pesewas('Discount').default(0),
  customer: z.object({ id: z.uuid(), name: z.string() }).nullable().default(null),
});
export type ParkedCartContents = z.output<typeof parkedCartContents>;

export const parkCartInput = z.object({
  note: optionalText(200, 'Note must be at most 200 characters'),
  cart: parkedCartContents,
});
export type ParkCartInput = z.input<typeof parkCartInput>;

export const parkedCart = z.object({
  id: z.uuid(),
  note: z.string().nullable(),
  cart: parkedCartContents,
  item_count: z.number().int(),
  total_amount: z.number().int(),
  parked_by: z.object({ id: z.uuid(), name: z.string() }),
  created_at: z.string(),
});
export type ParkedCart = z.infer<typeof parkedCart>;

export const parkedCartsResponse = z.object({ parked_carts: z.array(parkedCart) });
export type ParkedCartsResponse = z.infer<typeof parkedCartsResponse>;
export const parkedCartResponse = z.object({ parked_cart: parkedCart });
export type ParkedCartResponse = z.infer<typeof parkedCartResponse>;
export const parkedCartParams = z.object({ id: z.uuid('Parked cart id must be a UUID') });
