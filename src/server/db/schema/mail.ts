import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { businesses } from './platform.ts';

// Every mail is written here first, so that a failed delivery is retried and never lost.
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('body_text').notNull(),
    html: text('body_html').notNull(),
    // captured: kept for the development mailbox (no SMTP); pending → sent, or failed after the last try.
    status: text('status', { enum: ['captured', 'pending', 'sent', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);
