import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.ts';
import { createEmbeddedUpkeep, keepUp, type TableActivity, upkeepDue } from './embedded-upkeep.ts';

// PostgreSQL's defaults.
const settings = {
  vacuumThreshold: 50,
  vacuumScaleFactor: 0.2,
  insertThreshold: 1000,
  insertScaleFactor: 0.2,
  analyzeThreshold: 50,
  analyzeScaleFactor: 0.1,
};
const quiet: TableActivity = {
  table: 'products',
  rows: 1000,
  dead: 0,
  insertedSinceVacuum: 0,
  modifiedSinceAnalyze: 0,
};

describe('what upkeep a table is due', () => {
  it('vacuums once the dead rows pass 50 and a fifth of the table', () => {
    expect(upkeepDue([{ ...quiet, dead: 250 }], settings)).toEqual([]);
    expect(upkeepDue([{ ...quiet, dead: 251 }], settings)).toEqual([
      { table: 'products', vacuum: true, analyze: false },
    ]);
  });

  it('vacuums once the rows inserted since the last vacuum pass 1,000 and a fifth of the table', () => {
    expect(upkeepDue([{ ...quiet, insertedSinceVacuum: 1200 }], settings)).toEqual([]);
    expect(upkeepDue([{ ...quiet, insertedSinceVacuum: 1201 }], settings)).toEqual([
      { table: 'products', vacuum: true, analyze: false },
    ]);
  });

  it('analyzes once the changes since the last analyze pass 50 and a tenth of the table', () => {
    expect(upkeepDue([{ ...quiet, modifiedSinceAnalyze: 150 }], settings)).toEqual([]);
    expect(upkeepDue([{ ...quiet, modifiedSinceAnalyze: 151 }], settings)).toEqual([
      { table: 'products', vacuum: false, analyze: true },
    ]);
  });

  it('counts a table never vacuumed nor analyzed as empty, so its first rows are soon counted', () => {
    expect(upkeepDue([{ ...quiet, rows: -1, dead: 51, modifiedSinceAnalyze: 51 }], settings)).toEqual([
      { table: 'products', vacuum: true, analyze: true },
    ]);
  });
});

describe('the embedded database kept up', () => {
  let database: Database | undefined;
  afterEach(() => database?.close());

  type Stats = { dead: number; vacuumed: boolean; analyzed: boolean; rows: number; allVisible: number };
  const statsOf = async (db: Database): Promise<Stats> => {
    const [row] = await db.query<{
      dead: string;
      vacuumed: boolean;
      analyzed: boolean;
      rows: number;
      all_visible: number;
    }>(
      `select s.n_dead_tup as dead, s.last_vacuum is not null as vacuumed, s.last_analyze is not null as analyzed,
         c.reltuples as rows, c.relallvisible as all_visible
       from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = 'stock'`,
    );
    return {
      dead: Number(row?.dead),
      vacuumed: Boolean(row?.vacuumed),
      analyzed: Boolean(row?.analyzed),
      rows: Number(row?.rows),
      allVisible: Number(row?.all_visible),
    };
  };

  /** A backend reports its counters once it has been idle a moment (as PostgreSQL's do). */
  async function countersShow(db: Database, ready: (stats: Stats) => boolean): Promise<void> {
    for (let tries = 0; tries < 100; tries++) {
      if (ready(await statsOf(db))) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the table counters never showed the changes');
  }

  it('vacuums and analyzes a table whose rows were changed, and then leaves it be', async () => {
    const db = await openDatabase({ driver: 'pglite' });
    database = db;
    await db.execScript(`create table stock (id int primary key, quantity int not null);
      insert into stock select n, 10 from generate_series(1, 2000) n;
      update stock set quantity = quantity - 1 where id <= 1000;`);
    await countersShow(db, (stats) => stats.dead === 1000);
    expect(await statsOf(db)).toMatchObject({ vacuumed: false, analyzed: false, allVisible: 0 });

    expect(await keepUp(db)).toContainEqual({ table: 'public.stock', vacuum: true, analyze: true });

    const after = await statsOf(db);
    expect(after).toMatchObject({ dead: 0, vacuumed: true, analyzed: true, rows: 2000 });
    // Its pages are marked all-visible: index-only scans need not visit them.
    expect(after.allVisible).toBeGreaterThan(0);
    expect((await keepUp(db)).map((upkeep) => upkeep.table)).not.toContain('public.stock');
  });

  it('does it by itself every interval until stopped', async () => {
    const db = await openDatabase({ driver: 'pglite' });
    database = db;
    await db.execScript(`create table stock (id int primary key, quantity int not null);
      insert into stock select n, 10 from generate_series(1, 500) n;
      delete from stock where id <= 300;`);
    await countersShow(db, (stats) => stats.dead === 300);
    const upkeep = createEmbeddedUpkeep(db, { error: () => {} }, 50);
    upkeep.start();
    await countersShow(db, (stats) => stats.vacuumed);
    await upkeep.stop();
    expect(await statsOf(db)).toMatchObject({ dead: 0, rows: 200 });
  });
});
