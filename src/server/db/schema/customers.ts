import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { businesses } from './platform.ts';

// operations §3 Customer. total_spent is pesewas; the stats change only through sales and refunds.
export const customers = pgTable(
  'customers',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    name: text('name').notNull(),
    phone: text('phone'),
    email: text('email'),
    loyaltyPoints: integer('loyalty_points').notNull().default(0),
    totalSpent: integer('total_spent').notNull().default(0),
    visitCount: integer('visit_count').notNull().default(0),
    lastVisit: timestamp('last_visit', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('customers_business_name_idx').on(t.businessId, t.name)],
);
