import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { withTenant } from '../../db/tenant.ts';
import { createBusiness, createProduct } from '../../testing/factories.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { moveStock, runStockStatement, saleStockStatement } from './stock-ledger.ts';

// A change of stock alone updates the product row in place (migration 0200): no index holds a value it changes,
// so PostgreSQL writes no index entry for it — a sale's dearest write, and the dead entries every later look-up
// of a best-seller walked.

describe('a change of stock', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('updates the product in place, for a sale and for an adjustment', async () => {
    const business = await createBusiness(database.db);
    const product = await createProduct(database.db, business.id, { price: 1500, stockQuantity: 40 });
    const at = new Date();
    const [stamp] = await database.query<{ version: string }>(
      'select sync_xid::text as version from products where id = $1',
      [product.id],
    );
    const inPlace = await withTenant(database.db, business.id, async (tx) => {
      await runStockStatement(
        tx,
        saleStockStatement(business.id, [
          {
            productId: product.id,
            quantity: 2,
            price: 1500,
            taxRate: '12.50',
            version: stamp!.version,
            referenceId: randomUUID(),
            userId: null,
            at,
          },
        ]),
      );
      await moveStock(
        tx,
        business.id,
        [{ productId: product.id, delta: 5, quantityAfter: 43, reason: 'add' }],
        {
          userId: null,
          at,
        },
      );
      const [counts] = await rows<{ updated: number; in_place: number }>(
        tx,
        sql`select pg_stat_get_xact_tuples_updated('products'::regclass)::int as updated,
          pg_stat_get_xact_tuples_hot_updated('products'::regclass)::int as in_place`,
      );
      return counts;
    });
    expect(inPlace).toEqual({ updated: 2, in_place: 2 });
  });

  it('keeps whether the stock is low and whether there is any, which the indexes read instead of the stock', async () => {
    const business = await createBusiness(database.db);
    const product = await createProduct(database.db, business.id, { stockQuantity: 6, minStockLevel: 5 });
    const [low] = await withTenant(database.db, business.id, async (tx) => {
      await moveStock(
        tx,
        business.id,
        [{ productId: product.id, delta: -1, quantityAfter: 5, reason: 'subtract' }],
        {
          userId: null,
          at: new Date(),
        },
      );
      return rows<{ low_stock: boolean; in_stock: boolean }>(
        tx,
        sql`select low_stock, in_stock from products where id = ${product.id}`,
      );
    });
    expect(low).toEqual({ low_stock: true, in_stock: true });
  });

  it('is the only write that leaves the product row unstamped: every other column stamps it', async () => {
    const [columns] = await database.query<{ unstamped: string[] }>(
      `select array_agg(a.attname::text order by a.attname) as unstamped
          from pg_attribute a
         where a.attrelid = 'products'::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
           and a.attnum <> all ((select t.tgattr from pg_trigger t
                                  where t.tgrelid = 'products'::regclass and t.tgname = 'products_sync_xid')::int2[])`,
    );
    expect(columns?.unstamped).toEqual(['stock_quantity', 'sync_xid', 'updated_at']);
  });
});
