import { eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness } from '../testing/factories.ts';
import { recordSentStatements, roundTrips } from '../testing/sent-statements.ts';
import { createTestDatabase, postgresServerUrl } from '../testing/test-database.ts';
import { type Database, thenCommit } from './client.ts';
import { businesses } from './schema/index.ts';
import { withTenant } from './tenant.ts';

// On PostgreSQL a tenant transaction's BEGIN and settings travel with its first statement: two round trips
// fewer per request. What must not change: it is still one transaction, under the tenant's row-level security.

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase(postgresServerUrl());
});
afterAll(() => database.close());

describe('a tenant transaction on PostgreSQL', () => {
  it('sends BEGIN, its settings and its first statement in one round trip, then COMMIT', async () => {
    const own = await createBusiness(database.db);
    await createBusiness(database.db);
    const sent = recordSentStatements();
    const seen = await withTenant(database.db, own.id, (tx) =>
      tx.select({ id: businesses.id }).from(businesses).where(ne(businesses.name, 'nobody')),
    );
    expect(seen).toEqual([{ id: own.id }]);
    expect(sent.map(({ text }) => text)).toEqual([
      expect.stringMatching(
        /^begin; \/\* sent with the next statement \*\/ select set_config\('app\.business_id', '[0-9a-f-]{36}', true\)/,
      ),
      expect.stringMatching(/^select "id" from "businesses" where "businesses"."name" <> \$1/),
      'commit',
    ]);
    expect(sent[1]?.answered).toBe(sent[0]?.answered);
    expect(roundTrips(sent)).toBe(2);
  });

  it('sends BEGIN with the first statement of a transaction without settings too', async () => {
    const own = await createBusiness(database.db, { name: 'Esi Stores' });
    const sent = recordSentStatements();
    const [row] = await database.db.transaction((tx) =>
      tx.select({ name: businesses.name }).from(businesses).where(eq(businesses.id, own.id)),
    );
    expect(row?.name).toBe('Esi Stores');
    expect(sent.map(({ text }) => text.slice(0, 13))).toEqual(['begin', 'select "name"', 'commit']);
    expect(roundTrips(sent)).toBe(2);
  });

  it('reports the failure of the first statement and leaves the connection clean', async () => {
    const own = await createBusiness(database.db);
    await expect(
      withTenant(database.db, own.id, (tx) => tx.execute(sql`select 1 / ${0}::int`)),
    ).rejects.toMatchObject({ cause: { message: 'division by zero' } });
    expect(await withTenant(database.db, own.id, (tx) => tx.select().from(businesses))).toHaveLength(1);
  });

  it('is still one transaction: a failure after a write undoes the write', async () => {
    const own = await createBusiness(database.db, { name: 'Ama Provisions' });
    await expect(
      withTenant(database.db, own.id, async (tx) => {
        await tx.update(businesses).set({ name: 'Renamed' }).where(eq(businesses.id, own.id));
        throw new Error('stop after the write');
      }),
    ).rejects.toThrow('stop after the write');
    const [row] = await database.db
      .select({ name: businesses.name })
      .from(businesses)
      .where(eq(businesses.id, own.id));
    expect(row?.name).toBe('Ama Provisions');
  });

  it('sends nothing for a transaction that ends before its first statement', async () => {
    const own = await createBusiness(database.db);
    const sent = recordSentStatements();
    await expect(
      database.db.transaction(async () => {
        throw new Error('nothing to do');
      }),
    ).rejects.toThrow('nothing to do');
    expect(sent).toEqual([]);
    // The connection is clean for the next one.
    expect(await withTenant(database.db, own.id, (tx) => tx.select().from(businesses))).toHaveLength(1);
  });

  it('ends with a statement marked last: its COMMIT travels with it, and nothing may run after it', async () => {
    const own = await createBusiness(database.db, { name: 'Yaw Ventures' });
    const sent = recordSentStatements();
    await withTenant(database.db, own.id, (tx) =>
      tx.execute(thenCommit(sql`update businesses set name = ${'Yaw Stores'} where id = ${own.id}`)),
    );
    expect(sent.map(({ text }) => text.slice(0, 15))).toEqual([
      'begin; /* sent ',
      'update business',
      'commit',
    ]);
    expect(roundTrips(sent)).toBe(1);

    await expect(
      withTenant(database.db, own.id, async (tx) => {
        await tx.execute(thenCommit(sql`update businesses set name = ${'Yaw Mart'} where id = ${own.id}`));
        // Past the COMMIT the tenant's settings are gone: this must not run at all.
        await tx.select().from(businesses);
      }),
    ).rejects.toMatchObject({
      cause: { message: 'A statement after the last statement of its transaction' },
    });
    const nameOf = async () =>
      (await database.db.select().from(businesses).where(eq(businesses.id, own.id)))[0]?.name;
    expect(await nameOf()).toBe('Yaw Mart');
    expect(await withTenant(database.db, own.id, (tx) => tx.select().from(businesses))).toHaveLength(1);
  });

  it('does not wait for the COMMIT of a read-only transaction, in which the database refuses any write', async () => {
    const own = await createBusiness(database.db, { name: 'Kwame Hardware' });
    const sent = recordSentStatements();
    const seen = await withTenant(
      database.db,
      own.id,
      (tx) => tx.select({ name: businesses.name }).from(businesses),
      {
        readOnly: true,
      },
    );
    const answeredWhenDone = sent.answers();
    expect(seen).toEqual([{ name: 'Kwame Hardware' }]);
    // The answers to BEGIN with the settings and to the select were in; the COMMIT was not even sent: it goes
    // in front of the connection's next statement, in the same write.
    expect(answeredWhenDone - (sent[0]?.answered ?? 0)).toBe(2);
    expect(sent.map(({ text }) => text.slice(0, 15))).toEqual(['begin read only', 'select "name" f']);
    await withTenant(database.db, own.id, (tx) => tx.select({ id: businesses.id }).from(businesses), {
      readOnly: true,
    });
    expect(sent.map(({ text }) => text.slice(0, 15))).toEqual([
      'begin read only',
      'select "name" f',
      'commit',
      'begin read only',
      'select "id" fro',
    ]);
    expect(sent[2]?.answered).toBe(sent[4]?.answered);
    // With no next statement, it goes alone a few milliseconds later.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent.map(({ text }) => text.slice(0, 15)).at(-1)).toBe('commit');

    await expect(
      withTenant(
        database.db,
        own.id,
        (tx) => tx.update(businesses).set({ name: 'Renamed' }).where(eq(businesses.id, own.id)),
        { readOnly: true },
      ),
    ).rejects.toMatchObject({ cause: { message: 'cannot execute UPDATE in a read-only transaction' } });
    // The connection is clean for the next transaction, which reads the name unchanged.
    expect(
      await withTenant(database.db, own.id, (tx) => tx.select({ name: businesses.name }).from(businesses)),
    ).toEqual([{ name: 'Kwame Hardware' }]);
  });

  it('refuses anything but a UUID as the business', async () => {
    await expect(withTenant(database.db, "x'; drop table businesses; --", async () => 1)).rejects.toThrow(
      'A tenant transaction needs a business id (a UUID)',
    );
  });
});
