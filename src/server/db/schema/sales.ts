import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ParkedCartContents } from '#domain/schemas/sales.ts';
import { products } from './catalog.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { customers } from './customers.ts';
import { businesses, users } from './platform.ts';

// operations §3 Transaction. Totals are integer pesewas (negative on refunds). The id may be the client's
// (offline till), so it is unique per business: the key is (business_id, id), and sales are pointed at by both.
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    transactionType: text('transaction_type', { enum: ['sale', 'refund', 'void'] })
      .notNull()
      .default('sale'),
    originalTransactionId: uuid('original_transaction_id'),
    receiptNumber: text('receipt_number').notNull(),
    paymentMethod: text('payment_method', {
      enum: ['cash', 'card', 'mtn_momo', 'telecel_cash', 'airteltigo_money', 'split'],
    }).notNull(),
    paymentStatus: text('payment_status', {
      enum: ['pending', 'completed', 'failed', 'refunded', 'cancelled'],
    }).notNull(),
    cashierId: uuid('cashier_id')
      .notNull()
      .references(() => users.id),
    customerId: uuid('customer_id').references(() => customers.id),
    subtotal: integer('subtotal').notNull(),
    taxAmount: integer('tax_amount').notNull(),
    discountAmount: integer('discount_amount').notNull().default(0),
    totalAmount: integer('total_amount').notNull(),
    amountPaid: integer('amount_paid').notNull().default(0),
    changeGiven: integer('change_given').notNull().default(0),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The shift its cashier had open when it was made (migration 0130); null when none was. */
    shiftId: uuid('shift_id'),
  },
  (t) => [
    primaryKey({ name: 'transactions_pkey', columns: [t.businessId, t.id] }),
    foreignKey({
      name: 'transactions_original_transaction_fkey',
      columns: [t.businessId, t.originalTransactionId],
      foreignColumns: [t.businessId, t.id],
    }),
    unique('transactions_business_receipt_key').on(t.businessId, t.receiptNumber),
    index('transactions_business_created_idx').on(t.businessId, t.createdAt),
    index('transactions_customer_idx').on(t.businessId, t.customerId),
  ],
);

// operations §3 Transaction item; product_name is copied at sale time.
export const transactionItems = pgTable(
  'transaction_items',
  {
    id: id(),
    // The sale and the product are the business's own: both keys hold business_id (migration 0210).
    businessId: uuid('business_id').notNull(),
    transactionId: uuid('transaction_id').notNull(),
    productId: uuid('product_id'),
    productName: text('product_name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    /** The product's cost price when sold (a refund line: its sale line's), for the cost of goods (0120). */
    unitCost: integer('unit_cost').notNull().default(0),
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull(),
    taxAmount: integer('tax_amount').notNull(),
    discountAmount: integer('discount_amount').notNull().default(0),
    totalPrice: integer('total_price').notNull(),
    /** On a refund line: the sale line it gives back (migration 0064). */
    originalItemId: uuid('original_item_id'),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'transaction_items_transaction_fkey',
      columns: [t.businessId, t.transactionId],
      foreignColumns: [transactions.businessId, transactions.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'transaction_items_product_fkey',
      columns: [t.businessId, t.productId],
      foreignColumns: [products.businessId, products.id],
    }),
    index('transaction_items_transaction_idx').on(t.transactionId),
    index('transaction_items_product_idx').on(t.businessId, t.productId),
    check('transaction_items_quantity_check', sql`${t.quantity} <> 0`),
  ],
);

// One tender of a sale (split tender: part cash, part mobile money or card).
export const payments = pgTable(
  'payments',
  {
    id: id(),
    // The sale is the business's own: its key holds business_id (migration 0210).
    businessId: uuid('business_id').notNull(),
    transactionId: uuid('transaction_id').notNull(),
    method: text('method', {
      enum: ['cash', 'card', 'mtn_momo', 'telecel_cash', 'airteltigo_money'],
    }).notNull(),
    amount: integer('amount').notNull(),
    /** Cash: what the customer handed over. */
    amountTendered: integer('amount_tendered'),
    status: text('status', { enum: ['pending', 'completed', 'failed'] }).notNull(),
    reference: text('reference'),
    provider: text('provider'),
    providerReference: text('provider_reference'),
    providerPayload: jsonb('provider_payload'),
    failureReason: text('failure_reason'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Migration 0090: the payment through its provider.
    /** Mobile money: the customer's number (+233…). */
    phone: text('phone'),
    nextAction: text('next_action', { enum: ['pay_offline', 'send_otp'] }),
    displayText: text('display_text'),
    /** The provider's own id of the charge (a Paystack payment request for the terminal). */
    providerId: text('provider_id'),
    /** Money that must not simply complete the sale: another amount, or paid after the sale was cancelled. */
    flag: text('flag', { enum: ['amount_mismatch', 'paid_after_cancel'] }),
    /** Manual mobile money: the cashier who typed the transaction ID. */
    confirmedBy: uuid('confirmed_by'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    foreignKey({
      name: 'payments_transaction_fkey',
      columns: [t.businessId, t.transactionId],
      foreignColumns: [transactions.businessId, transactions.id],
    }).onDelete('cascade'),
    index('payments_transaction_idx').on(t.transactionId),
    // provider_reference: unique where set (migration 0090), which serves the look-ups by business too.
  ],
);

// The Idempotency-Key of a checkout, with the hash of its body and the sale it made.
export const saleIdempotencyKeys = pgTable(
  'sale_idempotency_keys',
  {
    // The sale is the business's own: its key holds business_id (migration 0210).
    businessId: uuid('business_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    transactionId: uuid('transaction_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.key] }),
    // DEFERRABLE INITIALLY DEFERRED in the migration: the key is claimed before the sale is written.
    foreignKey({
      name: 'sale_idempotency_keys_transaction_fkey',
      columns: [t.businessId, t.transactionId],
      foreignColumns: [transactions.businessId, transactions.id],
    }),
  ],
);

// Carts set aside at the till, per business; parking reserves no stock.
export const parkedCarts = pgTable(
  'parked_carts',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    note: text('note'),
    cart: jsonb('cart').$type<ParkedCartContents>().notNull(),
    itemCount: integer('item_count').notNull(),
    totalAmount: integer('total_amount').notNull(),
    parkedBy: uuid('parked_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('parked_carts_business_created_idx').on(t.businessId, t.createdAt)],
);
