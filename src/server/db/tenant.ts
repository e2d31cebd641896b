import { sql } from 'drizzle-orm';
import { type AppDb, SENT_WITH_NEXT, type Tx } from './client.ts';

/**
 * Runs `work` in one transaction as the business's tenant: the role app_tenant, which row-level security
 * limits to rows whose business_id is the transaction's app.business_id. Queries still filter by
 * business_id themselves; this is the second wall (ARCHITECTURE "Tenancy"). `readOnly`: the database refuses
 * any write in it, and on PostgreSQL its COMMIT is not waited for (client.ts).
 */
export function withTenant<T>(
  db: AppDb,
  businessId: string,
  work: (tx: Tx) => Promise<T>,
  { readOnly = false } = {},
): Promise<T> {
  // Written out rather than bound, so that the connection can send it with the BEGIN and the first statement in
  // one message (client.ts); only a UUID, checked here, is ever written into it.
  if (!UUID.test(businessId)) {
    return Promise.reject(new Error('A tenant transaction needs a business id (a UUID)'));
  }
  const settings = sql.raw(
    `${SENT_WITH_NEXT}select set_config('app.business_id', '${businessId}', true), set_config('role', 'app_tenant', true)`,
  );
  return db.transaction(
    async (tx) => {
      await tx.execute(settings);
      return work(tx);
    },
    readOnly ? { accessMode: 'read only' } : undefined,
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One transaction with the server's own rights: admin work, sign-in lookups, the public site. */
export function withSystem<T>(db: AppDb, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(work);
}
