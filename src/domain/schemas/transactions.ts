import { z } from 'zod';
import { AUDIT_ACTIONS } from '../audit.ts';
import { PAYMENT_METHODS, SALE_PAYMENT_METHODS } from '../payment-methods.ts';
import { PIN_LENGTH } from '../pin.ts';
import { optionalText } from './fields.ts';
import { PAYMENT_STATUSES, sale } from './sales.ts';

// Transaction history, refunds, voids, the audit log, the dashboard and the discount limit (operations §2
// Dashboard and Transactions, §4 Refund and Void, §8). Money is integer pesewas.

/** operations §9: the transaction list shows 100 at a time; more come a page at a time (keyset). */
export const TRANSACTION_PAGE_SIZE = 100;

const isoDay = (label: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), `${label} is not a real date`)
    .optional();

/** The history's filters, as they stand in the page's address (operations §2, §7). */
export const transactionFilters = z.object({
  search: optionalText(100, 'Search must be at most 100 characters'),
  payment_method: z
    .enum(SALE_PAYMENT_METHODS, { error: 'Payment method is not one of the methods' })
    .optional(),
  payment_status: z.enum(PAYMENT_STATUSES, { error: 'Payment status is not one of the statuses' }).optional(),
  cashier_id: z.uuid('Cashier id must be a UUID').optional(),
  customer_id: z.uuid('Customer id must be a UUID').optional(),
  /** Days in the business's timezone, both included. */
  date_from: isoDay('From date'),
  date_to: isoDay('To date'),
});
export type TransactionFilters = z.infer<typeof transactionFilters>;

export const transactionListQuery = transactionFilters.extend({
  /** The last row of the previous page (opaque to the client). */
  cursor: z
    .string()
    .max(200, 'Cursor is not valid')
    .regex(/^[0-9T:.Z-]+_[0-9a-f-]{36}$/i, 'Cursor is not valid')
    .optional(),
});
export type TransactionListQuery = z.infer<typeof transactionListQuery>;

/** A sale as the history shows it: the sale plus what has been refunded of it. */
export const historySale = sale.extend({
  original_transaction_id: z.uuid().nullable(),
  original_receipt_number: z.string().nullable(),
  /** Positive pesewas refunded so far (0 for none; refunds themselves 0). */
  refunded_amount: z.number().int(),
  items: z.array(
    sale.shape.items.element.extend({
      /** Units of this line given back by refunds so far. */
      refunded_quantity: z.number().int(),
    }),
  ),
});
export type HistorySale = z.infer<typeof historySale>;

export const transactionListResponse = z.object({
  transactions: z.array(historySale),
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type TransactionListResponse = z.infer<typeof transactionListResponse>;

/** operations §2 Transactions cards, for the filtered list. */
export const transactionSummary = z.object({
  total_transactions: z.number().int(),
  /** Completed sales created today (business timezone): their amount and count. */
  today_sales: z.number().int(),
  today_count: z.number().int(),
  /** Completed (or partly refunded) sales minus refunds. */
  total_revenue: z.number().int(),
  refund_count: z.number().int(),
});
export type TransactionSummary = z.infer<typeof transactionSummary>;

export const historySaleResponse = z.object({ transaction: historySale });

/** The history's cashier filter: everyone who has rung up a transaction. */
export const transactionCashiersResponse = z.object({
  cashiers: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type TransactionCashiers = z.infer<typeof transactionCashiersResponse>;

// ---- Approval on the spot ----

export const approverPinField = z
  .string()
  .regex(new RegExp(`^\\d{4,${PIN_LENGTH}}$`), 'Enter the approver’s PIN (4 to 6 digits)')
  .optional();

// ---- Refund and void (operations §4) ----

export const refundLineInput = z.object({
  item_id: z.uuid('Item id must be a UUID'),
  quantity: z
    .number({ error: 'Quantity must be a whole number of at least 1' })
    .int('Quantity must be a whole number of at least 1')
    .min(1, 'Quantity must be a whole number of at least 1'),
  /** operations §4 + shops' practice: back on the shelf unless it came back damaged. */
  restock: z.boolean().default(true),
});

export const refundInput = z.object({
  /** The lines and quantities to give back; absent means everything not yet refunded. */
  lines: z.array(refundLineInput).min(1, 'Choose at least one item to refund').max(200).optional(),
  reason: optionalText(200, 'Reason must be at most 200 characters'),
  approver_pin: approverPinField,
  /** A card or mobile-money sale's money is handed back in cash instead of sent back through the provider. */
  refund_in_cash: z.boolean().optional(),
});
export type RefundInput = z.input<typeof refundInput>;

export const refundResponse = z.object({
  refund: historySale,
  original: historySale,
  /** Cash to hand back to the customer, positive pesewas. */
  cash_to_return: z.number().int(),
  /** Money sent back through the payment provider to the customer's card or mobile-money number. */
  sent_back: z.object({ amount: z.number().int(), method: z.enum(PAYMENT_METHODS) }).nullable(),
  /** Set when the money goes back another way than it came (no provider refund yet). */
  note: z.string().nullable(),
});
export type RefundResponse = z.infer<typeof refundResponse>;

export const voidInput = z.object({
  reason: optionalText(200, 'Reason must be at most 200 characters'),
  approver_pin: approverPinField,
});
export type VoidInput = z.input<typeof voidInput>;
export const voidResponse = z.object({ transaction: historySale });

// ---- Audit log ----

export const auditListQuery = z.object({
  action: z.enum(AUDIT_ACTIONS, { error: 'Action is not one of the audit actions' }).optional(),
  date_from: isoDay('From date'),
  date_to: isoDay('To date'),
  cursor: transactionListQuery.shape.cursor,
});
export type AuditListQuery = z.infer<typeof auditListQuery>;

export const auditEntry = z.object({
  id: z.uuid(),
  action: z.enum(AUDIT_ACTIONS),
  subject_type: z.string(),
  subject_id: z.uuid().nullable(),
  actor_name: z.string(),
  approver_name: z.string().nullable(),
  summary: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntryView = z.infer<typeof auditEntry>;
export const auditListResponse = z.object({
  entries: z.array(auditEntry),
  next_cursor: z.string().nullable(),
});
export type AuditListResponse = z.infer<typeof auditListResponse>;

// ---- Dashboard (operations §2) ----

export const dashboardResponse = z.object({
  today_sales: z.number().int(),
  yesterday_sales: z.number().int(),
  /** Percent change from yesterday, one decimal; null when yesterday had none. */
  today_change_percent: z.number().nullable(),
  total_products: z.number().int(),
  low_stock_count: z.number().int(),
  active_customers: z.number().int(),
  total_customers: z.number().int(),
  month_revenue: z.number().int(),
  month_count: z.number().int(),
  recent: z.array(
    z.object({
      id: z.uuid(),
      receipt_number: z.string(),
      item_count: z.number().int(),
      payment_method: z.enum(SALE_PAYMENT_METHODS),
      transaction_type: z.string(),
      payment_status: z.enum(PAYMENT_STATUSES),
      total_amount: z.number().int(),
      created_at: z.string(),
    }),
  ),
  low_stock: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      stock_quantity: z.number().int(),
      min_stock_level: z.number().int(),
    }),
  ),
});
export type DashboardResponse = z.infer<typeof dashboardResponse>;

// ---- Discount limit (an owner's setting) ----

export const discountLimitInput = z.object({
  discount_limit_percent: z
    .number({ error: 'Discount limit must be a number between 0 and 100' })
    .int('Discount limit must be a whole percent')
    .min(0, 'Discount limit must be between 0 and 100')
    .max(100, 'Discount limit must be between 0 and 100'),
});
export type DiscountLimitInput = z.input<typeof discountLimitInput>;
export const discountLimitResponse = z.object({ discount_limit_percent: z.number().int() });
