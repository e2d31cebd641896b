import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import { createBusiness, createProduct } from '../../testing/factories.ts';
import { SET_STOCK_AS_THE_LEDGER_DOES } from '../../testing/ledger-stock-write.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { listProducts } from './queries.ts';

// A deep page of the whole catalog starts at a kept mark (every 1,000th product by name): it must be the page
// the offset names, after every write that moves products in the order.

describe('a deep page of the whole catalog by offset', () => {
  let database: Database;
  let businessId: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    ({ id: businessId } = await createBusiness(database.db));
    // 3,500 active products, names repeated so that the id decides between them, and 500 deleted among them.
    await database.query(
      `INSERT INTO products (business_id, name, price, is_active)
       SELECT $1::uuid, 'Item ' || lpad((g % 1700)::text, 4, '0'), 100, g % 8 <> 0 FROM generate_series(1, 4000) g`,
      [businessId],
    );
  });
  afterAll(() => database.close());

  const listed = async (offset: number) =>
    (
      await withTenant(database.db, businessId, (tx) =>
        listProducts(tx, businessId, { low_stock: false, limit: 24, offset, count: 'none' }),
      )
    ).products.map((product) => product.id);
  const expected = async (offset: number) =>
    (
      await database.query<{ id: string }>(
        `SELECT id FROM products WHERE business_id = $1 AND is_active ORDER BY name, id LIMIT 24 OFFSET $2`,
        [businessId, offset],
      )
    ).map((row) => row.id);
  const expectPagesRight = async () => {
    for (const offset of [0, 999, 1_000, 1_001, 2_024, 2_999, 3_480, 3_500, 9_000]) {
      expect(await listed(offset), `offset ${offset}`).toEqual(await expected(offset));
    }
  };

  it('is the page the offset names, after a rename, a new product, a deletion and a change of stock', async () => {
    await expectPagesRight();
    const [first] = await database.query<{ id: string }>(
      `SELECT id FROM products WHERE business_id = $1 AND is_active ORDER BY name, id LIMIT 1`,
      [businessId],
    );
    await database.query(`UPDATE products SET name = 'Zobo drink' WHERE id = $1`, [first!.id]);
    await expectPagesRight();
    await createProduct(database.db, businessId, { name: 'Item 0000 A' });
    await expectPagesRight();
    await database.query(
      `UPDATE products SET is_active = false WHERE id = (SELECT id FROM products WHERE business_id = $1
        AND is_active ORDER BY name, id OFFSET 1500 LIMIT 1)`,
      [businessId],
    );
    await expectPagesRight();
    await database.query(SET_STOCK_AS_THE_LEDGER_DOES, [first!.id, 7]);
    await expectPagesRight();
  });
});
