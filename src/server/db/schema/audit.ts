import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { AUDIT_ACTIONS, AUDIT_SUBJECTS } from '#domain/audit.ts';
import { createdAt, id } from './columns.ts';
import { businesses, users } from './platform.ts';

// The append-only audit log (migration 0063): the tenant role may insert and read, never update or delete.
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    subjectType: text('subject_type', { enum: AUDIT_SUBJECTS }).notNull(),
    subjectId: uuid('subject_id'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    approverId: uuid('approver_id').references(() => users.id, { onDelete: 'set null' }),
    approverName: text('approver_name'),
    summary: text('summary').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_business_time_idx').on(t.businessId, t.createdAt, t.id),
    index('audit_log_subject_idx').on(t.businessId, t.subjectType, t.subjectId),
  ],
);
