import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { businesses, users } from './platform.ts';

// A browser trusted as a till (migration 0070): PIN quick login works only there. Only the SHA-256 of the
// device cookie's token is kept; a revoked device stays listed with its revocation time.
export const tillDevices = pgTable(
  'till_devices',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    name: text('name').notNull(),
    trustedByUserId: uuid('trusted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    trustedByName: text('trusted_by_name').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('till_devices_business_idx').on(t.businessId, t.createdAt)],
);
