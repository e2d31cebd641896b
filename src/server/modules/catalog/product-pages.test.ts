import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListQuery } from '#domain/schemas/catalog.ts';
import type { Database } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import { createBusiness, createProduct } from '../../testing/factories.ts';
import { recordSentStatements } from '../../testing/sent-statements.ts';
import { createTestDatabase, postgresServerUrl } from '../../testing/test-database.ts';
import { listProducts } from './queries.ts';

// A page after the first always needs its count: on PostgreSQL it is sent with the page, not after its answer.

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase(postgresServerUrl());
});
afterAll(() => database.close());

describe('a later page of products on PostgreSQL', () => {
  it('sends its count with the page, and counts every match', async () => {
    const business = await createBusiness(database.db);
    for (const name of [
      'Akpeteshie 75cl',
      'Banku Mix 1kg',
      'Cowbell Milk 400g',
      'Dano Milk 400g',
      'Ideal Milk 160g',
    ]) {
      await createProduct(database.db, business.id, { name });
    }
    const list = (query: Record<string, unknown>) =>
      withTenant(
        database.db,
        business.id,
        (tx) => listProducts(tx, business.id, productListQuery.parse(query)),
        {
          readOnly: true,
        },
      );

    const sent = recordSentStatements();
    const page = await list({ search: 'milk', limit: '2', offset: '2' });
    expect(page.products.map((product) => product.name)).toEqual(['Ideal Milk 160g']);
    expect(page.total).toBe(3);
    // BEGIN with the settings, the page and the count, all sent before any answer came.
    const statements = sent.filter((statement) => statement.text !== 'commit');
    expect(statements).toHaveLength(3);
    expect(new Set(statements.map((statement) => statement.answered)).size).toBe(1);

    // The first page, full, still counts after it (a first page that is not full is the whole list).
    expect(await list({ search: 'milk', limit: '2' })).toMatchObject({ total: 3 });
    expect(await list({ search: 'milk', limit: '5' })).toMatchObject({ total: 3 });
  });
});
