import {
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ShiftFigures } from '#domain/schemas/shifts.ts';
import type { DenominationCount } from '#domain/shifts.ts';
import { createdAt, id } from './columns.ts';
import { businesses, users } from './platform.ts';

// A cashier's shift on a till and the cash put in or taken out of its drawer (migration 0130).
export const shifts = pgTable(
  'shifts',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    tillId: uuid('till_id').notNull(),
    tillName: text('till_name').notNull(),
    cashierId: uuid('cashier_id')
      .notNull()
      .references(() => users.id),
    cashierName: text('cashier_name').notNull(),
    openingFloat: integer('opening_float').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedById: uuid('closed_by_id'),
    closedByName: text('closed_by_name'),
    expectedCash: integer('expected_cash'),
    countedCash: integer('counted_cash'),
    difference: integer('difference'),
    denominations: jsonb('denominations').$type<DenominationCount>(),
    closeNote: text('close_note'),
    figures: jsonb('figures').$type<ShiftFigures>(),
  },
  (t) => [
    unique('shifts_business_id_key').on(t.businessId, t.id),
    index('shifts_business_opened_idx').on(t.businessId, t.openedAt),
  ],
);

export const shiftCashMovements = pgTable(
  'shift_cash_movements',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    shiftId: uuid('shift_id').notNull(),
    kind: text('kind', { enum: ['in', 'out'] }).notNull(),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    recordedById: uuid('recorded_by_id'),
    recordedByName: text('recorded_by_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'shift_cash_movements_shift_fkey',
      columns: [t.businessId, t.shiftId],
      foreignColumns: [shifts.businessId, shifts.id],
    }),
    index('shift_cash_movements_shift_idx').on(t.businessId, t.shiftId, t.createdAt),
  ],
);
