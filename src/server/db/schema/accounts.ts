import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { businesses, users } from './platform.ts';

// Single-use tokens mailed or handed to a person (password reset, sign-up hand-off, email verification); only
// the SHA-256 is kept.
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    purpose: text('purpose', { enum: ['password_reset', 'sign_in_handoff', 'email_verification'] }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('account_tokens_user_idx').on(t.userId, t.purpose),
    index('account_tokens_expires_at_idx').on(t.expiresAt),
  ],
);

// Secrets the server made for itself (the PIN HMAC key when PIN_SECRET is not set), shared by all instances.
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
