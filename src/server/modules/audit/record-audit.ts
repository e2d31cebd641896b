import type { AuditAction, AuditSubject } from '#domain/audit.ts';
import type { Tx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import type { Actor } from '../use-case.ts';

/** The person who authorised an action on the spot with their PIN (a manager or owner at the same till). */
export type Approver = Pick<Actor, 'userId' | 'firstName' | 'lastName'>;

export type AuditEntry = {
  action: AuditAction;
  subject: { type: AuditSubject; id?: string | null };
  /** One line a manager reads in the log: "Refunded ₵12.50 of RCP-20261123-0007". */
  summary: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string | null;
  approver?: Approver | null;
};

const fullName = (person: Pick<Actor, 'firstName' | 'lastName'>) =>
  `${person.firstName} ${person.lastName}`.trim();

/**
 * Appends one line to the audit log, inside the caller's transaction: the line exists exactly when the change
 * it describes does. The only way anything is written to the log.
 */
export async function recordAudit(
  tx: Tx,
  { businessId, actor }: { businessId: string; actor: Pick<Actor, 'userId' | 'firstName' | 'lastName'> },
  entry: AuditEntry,
): Promise<void> {
  await tx.insert(auditLog).values({
    businessId,
    action: entry.action,
    subjectType: entry.subject.type,
    subjectId: entry.subject.id ?? null,
    actorId: actor.userId,
    actorName: fullName(actor),
    approverId: entry.approver?.userId ?? null,
    approverName: entry.approver ? fullName(entry.approver) : null,
    summary: entry.summary,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason?.trim() || null,
  });
}
