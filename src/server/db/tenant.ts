import { sql } from 'drizzle-orm';
import type { AppDb, Tx } from './client.ts';

/**
 * Runs `work` in one transaction as the business's tenant: the role app_tenant, which row-level security
 * limits to rows whose business_id is the transaction's app.business_id. Queries still filter by
 * business_id themselves; this is the second wall (ARCHITECTURE "Tenancy").
 */
export function withTenant<T>(db: AppDb, businessId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('app.business_id', ${businessId}, true), set_config('role', 'app_tenant', true)`,
    );
    return work(tx);
  });
}

/** One transaction with the server's own rights: admin work, sign-in lookups, the public site. */
export function withSystem<T>(db: AppDb, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(work);
}
