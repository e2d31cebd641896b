import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListQuery } from '#domain/schemas/catalog.ts';
import type { Database } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import { createBusiness, createProduct } from '../../testing/factories.ts';
import { recordSentStatements } from '../../testing/sent-statements.ts';
import { createTestDatabase, postgresServerUrl } from '../../testing/test-database.ts';
import { listProducts } from './queries.ts';

// A page of products and its count are one statement: no round trip waits for another.

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase(postgresServerUrl());
});
afterAll(() => database.close());

/** A new shop with these products, and a product list of it as the route asks for one. */
async function shopOf(names: string[]) {
  const business = await createBusiness(database.db);
  for (const name of names) await createProduct(database.db, business.id, { name });
  return (query: Record<string, unknown>) =>
    withTenant(
      database.db,
      business.id,
      (tx) => listProducts(tx, business.id, productListQuery.parse(query)),
      {
        readOnly: true,
      },
    );
}

describe('a page of products on PostgreSQL', () => {
  it('is one statement with its count, and counts every match', async () => {
    const list = await shopOf([
      'Akpeteshie 75cl',
      'Banku Mix 1kg',
      'Cowbell Milk 400g',
      'Dano Milk 400g',
      'Ideal Milk 160g',
    ]);

    const sent = recordSentStatements();
    const page = await list({ search: 'milk', limit: '2', offset: '2' });
    expect(page.products.map((product) => product.name)).toEqual(['Ideal Milk 160g']);
    expect(page.total).toBe(3);
    // BEGIN with the settings, then one statement: the page with its count.
    const statements = sent.filter((statement) => statement.text !== 'commit');
    expect(statements).toHaveLength(2);

    // A full first page counts every match; one that is not full is the whole list; a page past the end
    // still says how many there are.
    expect(await list({ search: 'milk', limit: '2' })).toMatchObject({ total: 3, total_is_capped: false });
    expect(await list({ search: 'milk', limit: '5' })).toMatchObject({ total: 3 });
    expect(await list({ search: 'milk', limit: '2', offset: '4' })).toMatchObject({ products: [], total: 3 });
    // Without a search, by the name index, the same.
    const all = await list({ limit: '2', offset: '2' });
    expect(all.products.map((product) => product.name)).toEqual(['Cowbell Milk 400g', 'Dano Milk 400g']);
    expect(all).toMatchObject({ total: 5, next_cursor: expect.any(String) });
    expect(await list({ limit: '2', after: all.next_cursor })).toMatchObject({
      products: [{ name: 'Ideal Milk 160g' }],
      total: 5,
      next_cursor: null,
    });
  });

  it('counts nothing when the client has the count (count=none), and pages on without it', async () => {
    const list = await shopOf(['Cowbell Milk 400g', 'Dano Milk 400g', 'Ideal Milk 160g']);
    const sent = recordSentStatements();
    const first = await list({ search: 'milk', limit: '2', count: 'none' });
    expect(first).toMatchObject({
      products: [{ name: 'Cowbell Milk 400g' }, { name: 'Dano Milk 400g' }],
      total: null,
      total_is_capped: false,
      next_cursor: expect.any(String),
    });
    // The page's statement was sent (prepared here for the first time), without the count.
    expect(sent.some((statement) => statement.text.includes('search_product_page'))).toBe(true);
    expect(sent.some((statement) => statement.text.includes('count_product_matches'))).toBe(false);
    expect(await list({ search: 'milk', limit: '2', count: 'none', after: first.next_cursor })).toMatchObject(
      {
        products: [{ name: 'Ideal Milk 160g' }],
        total: null,
        next_cursor: null,
      },
    );
    expect(() => productListQuery.parse({ count: 'all' })).toThrow('count must be capped or none');
  });
});
