import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { PRODUCT_COUNT_CAP, productListQuery } from '#domain/schemas/catalog.ts';
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

/** A product list of the business, as the route asks for one. */
function listOf(businessId: string) {
  return (query: Record<string, unknown>) =>
    withTenant(database.db, businessId, (tx) => listProducts(tx, businessId, productListQuery.parse(query)), {
      readOnly: true,
    });
}

/** A new shop with these products, and a product list of it. */
async function shopOf(names: string[]) {
  const business = await createBusiness(database.db);
  for (const name of names) await createProduct(database.db, business.id, { name });
  return listOf(business.id);
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

  it('does not count a page that starts past the cap: its rows say the count is capped', async () => {
    const business = await createBusiness(database.db);
    await database.query(
      `insert into products (business_id, name, price)
       select $1, 'Milk ' || lpad(g::text, 4, '0'), 500 from generate_series(1, $2::int) g`,
      [business.id, PRODUCT_COUNT_CAP + 3],
    );
    const list = listOf(business.id);
    // Every statement run, prepared before or not (a prepared statement is parsed, and so recorded by
    // recordSentStatements, only the first time).
    const run = vi.spyOn(pg.Client.prototype, 'query');
    onTestFinished(() => run.mockRestore());
    /** Statements run since the mark that counted the matches. */
    const countsSince = (mark: number) =>
      run.mock.calls.slice(mark).filter(([config]) => {
        const text = typeof config === 'string' ? config : (config as { text: string }).text;
        return /count_product_matches|\) matches\)/.test(text);
      }).length;

    for (const search of ['milk', undefined]) {
      const mark = run.mock.calls.length;
      const deep = await list({ search, limit: '2', offset: String(PRODUCT_COUNT_CAP) });
      expect(deep).toMatchObject({
        products: [{ name: 'Milk 1001' }, { name: 'Milk 1002' }],
        total: PRODUCT_COUNT_CAP,
        total_is_capped: true,
      });
      expect(countsSince(mark)).toBe(0);
      // Past the end, the matches are counted after all.
      const past = await list({ search, limit: '2', offset: String(PRODUCT_COUNT_CAP + 5) });
      expect(past).toMatchObject({ products: [], total: PRODUCT_COUNT_CAP, total_is_capped: true });
      expect(countsSince(mark)).toBe(1);
    }
    // Short of the cap, a later page is counted with the page, as before.
    const mark = run.mock.calls.length;
    expect(await list({ limit: '2', offset: '998' })).toMatchObject({ total_is_capped: true });
    expect(countsSince(mark)).toBe(1);
  });
});
