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
