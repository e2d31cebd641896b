import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness } from '../testing/factories.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { type Database, openDatabase } from './client.ts';
import { migrate } from './migrate.ts';
import { rows } from './rows.ts';
import * as schema from './schema/index.ts';
import { withTenant } from './tenant.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('migrations', () => {
  it('create every column the Drizzle schema declares', async () => {
    const columns = await database.query<{ table_name: string; column_name: string }>(
      "select table_name, column_name from information_schema.columns where table_schema = 'public'",
    );
    const present = new Set(columns.map((c) => `${c.table_name}.${c.column_name}`));
    const missing: string[] = [];
    for (const value of Object.values(schema)) {
      if (!value || typeof value !== 'object' || !(Symbol.for('drizzle:IsDrizzleTable') in value)) continue;
      const config = getTableConfig(value as PgTable);
      for (const column of config.columns) {
        if (!present.has(`${config.name}.${column.name}`)) missing.push(`${config.name}.${column.name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("index a payment's provider reference once, by the unique key that serves its look-ups by business", async () => {
    const indexes = await database.query<{ indexname: string }>(
      "select indexname from pg_indexes where tablename = 'payments' and indexdef like '%provider_reference%'",
    );
    expect(indexes.map((index) => index.indexname)).toEqual(['payments_provider_reference_key']);
    // One connection: the setting and the plan in one transaction.
    const plan = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return rows<{ 'QUERY PLAN': string }>(
        tx,
        sql`explain select id from payments
          where business_id = '00000000-0000-4000-8000-000000000001' and provider_reference = 'ref-1'`,
      );
    });
    expect(plan.map((line) => line['QUERY PLAN']).join('\n')).toContain('payments_provider_reference_key');
  });

  it('are applied once: a second run applies nothing', async () => {
    expect(await migrate(database)).toEqual([]);
  });

  it('give the product search index a pending list of at most 256 kB, so a stock change does not rewrite its entries', async () => {
    const [index] = await database.query<{ reloptions: string[] }>(
      "select reloptions from pg_class where relname = 'products_search_trgm_idx'",
    );
    expect(index?.reloptions).toEqual(['fastupdate=on', 'gin_pending_list_limit=256']);
  });

  it('put row-level security on every table that has business_id', async () => {
    const rows = await database.query<{ table_name: string; rls: boolean; policies: number }>(
      `select c.relname as table_name, c.relrowsecurity as rls,
              (select count(*)::int from pg_policies p where p.tablename = c.relname) as policies
         from pg_class c join information_schema.columns col on col.table_name = c.relname
        where col.column_name = 'business_id' and col.table_schema = 'public' and c.relkind = 'r'`,
    );
    // Tables the tenant role may not read at all need no policy.
    const grants = await database.query<{ table_name: string }>(
      "select distinct table_name from information_schema.role_table_grants where grantee = 'app_tenant'",
    );
    const tenantReadable = new Set(grants.map((g) => g.table_name));
    const unprotected = rows.filter((r) => tenantReadable.has(r.table_name) && (!r.rls || r.policies === 0));
    expect(unprotected.map((r) => r.table_name)).toEqual([]);
    expect(rows.length).toBeGreaterThanOrEqual(3);
  });
});

describe('tenant transactions', () => {
  it('see and change only their own business, whatever the query asks', async () => {
    const a = await createBusiness(database.db);
    const b = await createBusiness(database.db);
    await database.db.insert(schema.products).values([
      { businessId: a.id, name: 'Milo 400g', price: 5500 },
      { businessId: b.id, name: 'Peak Milk 400g', price: 6000 },
    ]);
    const seen = await withTenant(database.db, a.id, (tx) => tx.select().from(schema.products));
    expect(seen.map((p) => p.name)).toEqual(['Milo 400g']);
    const businesses = await withTenant(database.db, a.id, (tx) => tx.select().from(schema.businesses));
    expect(businesses.map((x) => x.id)).toEqual([a.id]);
    await expect(
      withTenant(database.db, a.id, (tx) =>
        tx.insert(schema.products).values({ businessId: b.id, name: 'Sneaky', price: 1 }),
      ),
    ).rejects.toThrow();
    const updated = await withTenant(database.db, a.id, (tx) =>
      tx.update(schema.products).set({ price: 1 }).returning({ id: schema.products.id }),
    );
    expect(updated).toHaveLength(1);
  });

  it('cannot read tables outside the tenant scope', async () => {
    const a = await createBusiness(database.db);
    await expect(
      withTenant(database.db, a.id, (tx) => tx.select().from(schema.internalAdmins)),
    ).rejects.toThrow();
    await expect(withTenant(database.db, a.id, (tx) => tx.select().from(schema.sessions))).rejects.toThrow();
  });
});

describe('embedded database on disk', () => {
  it('keeps its data when the server restarts', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pos-data-'));
    try {
      const first = await openDatabase({ driver: 'pglite', dataDir });
      await migrate(first);
      await createBusiness(first.db, { slug: 'kept-shop' });
      await first.close();
      const second = await openDatabase({ driver: 'pglite', dataDir });
      expect(await migrate(second)).toEqual([]);
      const rows = await second.query<{ slug: string }>(
        "select slug from businesses where slug = 'kept-shop'",
      );
      expect(rows).toEqual([{ slug: 'kept-shop' }]);
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
