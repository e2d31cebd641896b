import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AuditEntryView, AuditListQuery } from '#domain/schemas/transactions.ts';
import type { Tx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

const PAGE_SIZE = 100;
const cursorColumn = sql<string>`to_char(${auditLog.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The audit log newest first, filtered by action and business-timezone days, 100 a page (keyset). */
export async function listAuditEntries(
  tx: Tx,
  business: { id: string; timezone: string },
  query: AuditListQuery,
): Promise<{ entries: AuditEntryView[]; next_cursor: string | null }> {
  const conditions: SQL[] = [eq(auditLog.businessId, business.id)];
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.date_from) {
    conditions.push(
      sql`${auditLog.createdAt} >= ${query.date_from}::date::timestamp at time zone ${business.timezone}`,
    );
  }
  if (query.date_to) {
    conditions.push(
      sql`${auditLog.createdAt} < (${query.date_to}::date + 1)::timestamp at time zone ${business.timezone}`,
    );
  }
  if (query.cursor) {
    const [at, id] = query.cursor.split('_');
    conditions.push(sql`(${auditLog.createdAt}, ${auditLog.id}) < (${at}::timestamptz, ${id}::uuid)`);
  }
  const rows = await tx
    .select({ row: auditLog, cursor: cursorColumn })
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(PAGE_SIZE + 1);
  const page = rows.slice(0, PAGE_SIZE);
  const last = page.at(-1);
  return {
    entries: page.map(({ row }) => ({
      id: row.id,
      action: row.action,
      subject_type: row.subjectType,
      subject_id: row.subjectId,
      actor_name: row.actorName,
      approver_name: row.approverName,
      summary: row.summary,
      before: row.before as Record<string, unknown> | null,
      after: row.after as Record<string, unknown> | null,
      reason: row.reason,
      created_at: row.createdAt.toISOString(),
    })),
    next_cursor: rows.length > PAGE_SIZE && last ? `${last.cursor}_${last.row.id}` : null,
  };
}
