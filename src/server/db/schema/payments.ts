import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.ts';
import { businesses, users } from './platform.ts';

/** Paystack's mobile_money.provider code for each mobile-money method. */
export type NetworkCodes = { mtn_momo: string; telecel_cash: string; airteltigo_money: string };

// Migration 0090: each business's payment provider; the secret key only ever encrypted.
export const paymentSettings = pgTable('payment_settings', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id),
  provider: text('provider', { enum: ['sandbox', 'paystack', 'manual'] })
    .notNull()
    .default('sandbox'),
  mode: text('mode', { enum: ['test', 'live'] })
    .notNull()
    .default('test'),
  paystackSecretKeyEncrypted: text('paystack_secret_key_encrypted'),
  paystackSecretKeyLast4: text('paystack_secret_key_last4'),
  paystackBaseUrl: text('paystack_base_url').notNull().default('https://api.paystack.co'),
  paystackTerminalId: text('paystack_terminal_id'),
  networkCodes: jsonb('network_codes')
    .$type<NetworkCodes>()
    .notNull()
    .default(sql`'{"mtn_momo": "MTN", "telecel_cash": "VOD", "airteltigo_money": "ATL"}'::jsonb`),
  momoMerchantNumber: text('momo_merchant_number'),
  momoMerchantName: text('momo_merchant_name'),
  updatedBy: uuid('updated_by').references(() => users.id),
  updatedAt: updatedAt(),
});

// Each webhook event once (idempotency).
export const paymentEvents = pgTable(
  'payment_events',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    provider: text('provider').notNull(),
    eventKey: text('event_key').notNull(),
    reference: text('reference'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.provider, t.eventKey] })],
);

// Migrations 0095, 0102: a refund sent back through the provider, claimed before the call (never sent twice);
// 'unknown' when the provider did not answer in time.
export const paymentRefunds = pgTable('payment_refunds', {
  id: uuid('id').primaryKey(),
  businessId: uuid('business_id')
    .notNull()
    .references(() => businesses.id),
  saleId: uuid('sale_id').notNull(),
  paymentId: uuid('payment_id').notNull(),
  provider: text('provider').notNull(),
  amount: integer('amount').notNull(),
  status: text('status', { enum: ['sending', 'sent', 'failed', 'recorded', 'unknown'] }).notNull(),
  message: text('message'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
