import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductFilters } from '#domain/schemas/catalog.ts';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { products } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import { createBusiness, createCategory, createProduct } from '../../testing/factories.ts';
import { createTestDatabase, postgresServerUrl } from '../../testing/test-database.ts';
import { productWhere } from './queries.ts';

// Which index answers a list is its speed at 100,000 products (bench/catalog.bench.ts measures it); what a test
// can hold at a few products is the plan: the index the planner may use, scans of the table ruled out.

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase(postgresServerUrl());
});
afterAll(() => database.close());

describe('the indexes of the product lists', () => {
  it('reads the whole catalog by name from its narrow index alone, and a filtered list from the others', async () => {
    const business = await createBusiness(database.db);
    const category = await createCategory(database.db, business.id, 'Drinks');
    for (let i = 0; i < 12; i++) {
      await createProduct(database.db, business.id, {
        name: `Product ${i}`,
        categoryId: i % 2 ? category.id : null,
      });
    }
    const plan = (filters: ProductFilters) =>
      withTenant(database.db, business.id, async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_bitmapscan = off`);
        const [row] = await rows<Record<string, unknown>>(
          tx,
          sql`explain (format json) select ${products.id} from ${products}
            where ${productWhere(business.id, filters)}
            order by ${products.name}, ${products.id} limit 24 offset 4`,
        );
        return JSON.stringify(row);
      });

    // A page by position walks the index's entries up to it: the narrow ones, without the table.
    const whole = await plan({ low_stock: false });
    expect(whole).toContain('"Node Type":"Index Only Scan"');
    expect(whole).toContain('"Index Name":"products_business_plain_list_idx"');
    // A filtered list needs more than the name: it may not take the narrow index (the table for every entry).
    const ofCategory = await plan({ category_id: category.id, low_stock: false });
    expect(ofCategory).toContain('"Relation Name":"products"');
    expect(ofCategory).not.toContain('products_business_plain_list_idx');
  });
});

describe('the trigram indexes of a search', () => {
  it("takes the trigrams alone where the shop is most of the table, and a small shop's own entries among many", async () => {
    const scratch = await createTestDatabase(postgresServerUrl());
    try {
      const big = await createBusiness(scratch.db);
      await scratch.query(
        `INSERT INTO products (business_id, name, barcode, price, stock_quantity)
         SELECT $1, (ARRAY['Milk', 'Rice', 'Sugar', 'Soap'])[1 + g % 4] || ' ' || g, '603' || g, 100, 5
           FROM generate_series(1, 5000) g`,
        [big.id],
      );
      const small = await createBusiness(scratch.db);
      await createProduct(scratch.db, small.id, { name: 'Soap 12' });
      await scratch.query('VACUUM ANALYZE products');
      // The statement the search functions run (migration 0200), planned with its business and pattern as they
      // plan it, where the only paths to a shop's matches are the two trigram indexes (the other indexes on the
      // business are dropped in a transaction that is rolled back; the codes' own stay).
      const plan = (businessId: string) =>
        scratch.db
          .transaction(async (tx) => {
            await tx.execute(sql`alter table products drop constraint products_business_id_key cascade`);
            await tx.execute(sql`drop index products_business_name_idx, products_business_category_idx,
              products_sync_idx, products_business_low_stock_idx, products_business_active_name_idx,
              products_business_plain_list_idx`);
            await tx.execute(sql`set local enable_seqscan = off`);
            const [row] = await rows<Record<string, unknown>>(
              tx,
              sql`explain (format json) select id from products where business_id = ${sql.raw(`'${businessId}'`)}
                and is_active and (search_text like lower('%soap 12%') or barcode = 'soap 12' or sku = 'soap 12')`,
            );
            throw new Plan(JSON.stringify(row));
          })
          .catch((thrown: unknown) => {
            if (thrown instanceof Plan) return thrown.message;
            throw thrown;
          });
      const ofBig = await plan(big.id);
      expect(ofBig).toContain('"Index Name":"products_search_text_trgm_idx"');
      expect(ofBig).not.toContain('"Index Name":"products_search_trgm_idx"');
      const ofSmall = await plan(small.id);
      expect(ofSmall).toContain('"Index Name":"products_search_trgm_idx"');
      expect(ofSmall).not.toContain('"Index Name":"products_search_text_trgm_idx"');
    } finally {
      await scratch.close();
    }
  });
});

/** The plan, carried out of the transaction that is rolled back with it. */
class Plan extends Error {}
