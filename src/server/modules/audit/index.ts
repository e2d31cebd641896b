// What other modules may use of the audit log: they record their changes inside their own transactions.

export { type Approver, type AuditEntry, recordAudit } from './record-audit.ts';
