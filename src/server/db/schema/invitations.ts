import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { mailOutbox } from './mail.ts';
import { businesses, internalAdmins, users } from './platform.ts';

// An onboarding invitation (platform §2 "Business onboarding"): who sent it, when, to whom. Only the SHA-256
// of the link's token is kept; onboarding needs one that is unexpired and unused.
export const businessInvitations = pgTable(
  'business_invitations',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    sentByAdminId: uuid('sent_by_admin_id').references(() => internalAdmins.id, { onDelete: 'set null' }),
    sentTo: text('sent_to').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    mailId: uuid('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    /** Why the first delivery failed; the outbox keeps retrying it. */
    deliveryError: text('delivery_error'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedByUserId: uuid('used_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('business_invitations_business_idx').on(t.businessId, t.createdAt)],
);

// The create-business form's notes (platform §3), seen by internal admins only.
export const businessAdminNotes = pgTable('business_admin_notes', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  notes: text('notes').notNull(),
  writtenByAdminId: uuid('written_by_admin_id').references(() => internalAdmins.id, {
    onDelete: 'set null',
  }),
  createdAt: createdAt(),
});
