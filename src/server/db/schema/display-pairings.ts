import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { businesses, users } from './platform.ts';

// A customer display on another device paired with one till (migration 0081).
export const displayPairings = pgTable(
  'display_pairings',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    tillId: uuid('till_id').notNull(),
    code: text('code'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }).notNull(),
    tokenHash: text('token_hash').unique(),
    name: text('name').notNull().default('Customer display'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('display_pairings_till_idx').on(t.businessId, t.tillId, t.createdAt)],
);
