import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness } from '../testing/factories.ts';
import { recordSentStatements } from '../testing/sent-statements.ts';
import { createTestDatabase, postgresServerUrl } from '../testing/test-database.ts';
import type { Database } from './client.ts';
import { prepared, preparedStatementName } from './prepared.ts';
import { rows } from './rows.ts';
import { withTenant } from './tenant.ts';

// A hot statement is parsed and planned once per connection, then only bound and run; the rest as before.

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase(postgresServerUrl());
});
afterAll(() => database.close());

const businessName = (businessId: string) => sql`select name from businesses where id = ${businessId}`;

describe('prepared statements on PostgreSQL', () => {
  it('parse a marked statement once per connection and answer every run with its own values', async () => {
    const shops = [
      await createBusiness(database.db, { name: 'Ama Provisions' }),
      await createBusiness(database.db, { name: 'Kofi Mart' }),
    ];
    const sent = recordSentStatements();
    const names: unknown[] = [];
    for (let run = 0; run < 4; run++) {
      const shop = shops[run % 2] as (typeof shops)[number];
      const [row] = await withTenant(database.db, shop.id, (tx) =>
        rows<{ name: string }>(tx, prepared('business_name', businessName(shop.id))),
      );
      names.push(row?.name);
    }
    expect(names).toEqual(['Ama Provisions', 'Kofi Mart', 'Ama Provisions', 'Kofi Mart']);
    // One connection served the runs one after another: one Parse, named, for four runs.
    const parses = sent.filter((statement) => statement.text.includes('select name from businesses'));
    expect(parses).toHaveLength(1);
    expect(parses[0]?.name).toMatch(/^business_name_[0-9a-f]{16}$/);
  });

  it('leave an unmarked statement unnamed, parsed on every run', async () => {
    const shop = await createBusiness(database.db);
    const sent = recordSentStatements();
    for (let run = 0; run < 3; run++) {
      await withTenant(database.db, shop.id, (tx) => tx.execute(businessName(shop.id)));
    }
    const parses = sent.filter((statement) => statement.text.includes('select name from businesses'));
    expect(parses.map((parse) => parse.name)).toEqual(['', '', '']);
  });
});

describe('the name of a marked statement', () => {
  const dialect = new PgDialect();
  const text = (query: SQL) => dialect.sqlToQuery(query).sql;

  it('differs for texts written differently under one label, and is the same for the same text', () => {
    const withCustomer = text(prepared('sale_write', sql`select 1 where ${'a'} = ${'b'}`));
    const withoutCustomer = text(prepared('sale_write', sql`select 2`));
    expect(preparedStatementName(withCustomer)).not.toBe(preparedStatementName(withoutCustomer));
    expect(preparedStatementName(withCustomer)).toBe(preparedStatementName(`${withCustomer}`));
  });

  it('is none for an unmarked text, and a label must be lower case and underscores', () => {
    expect(preparedStatementName('select 1')).toBeUndefined();
    expect(() => prepared('Sale write', sql`select 1`)).toThrow('Not a statement name: Sale write');
  });
});
