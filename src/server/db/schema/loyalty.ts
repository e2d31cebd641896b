import { bigint, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { LOYALTY_REASONS } from '#domain/loyalty.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { customers } from './customers.ts';
import { businesses, users } from './platform.ts';

// Loyalty points (migration 0145): the business's rates, and the append-only ledger of every change to a
// customer's points (customers.loyalty_points is the balance, kept equal to the last balance_after).
export const loyaltySettings = pgTable('loyalty_settings', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id),
  pointsPerCedi: integer('points_per_cedi').notNull().default(1),
  pointsPerCediRedeemed: integer('points_per_cedi_redeemed').notNull().default(100),
  updatedAt: updatedAt(),
});

export const loyaltyLedger = pgTable(
  'loyalty_ledger',
  {
    id: id(),
    position: bigint('position', { mode: 'number' }).generatedAlwaysAsIdentity(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    saleId: uuid('sale_id').notNull(),
    refundId: uuid('refund_id'),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    value: integer('value').notNull().default(0),
    reason: text('reason', { enum: LOYALTY_REASONS }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('loyalty_ledger_customer_idx').on(t.businessId, t.customerId, t.position),
    index('loyalty_ledger_sale_idx').on(t.businessId, t.saleId),
  ],
);

export type LoyaltyLedgerRow = typeof loyaltyLedger.$inferSelect;
