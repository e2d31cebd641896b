import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';

/** A new, empty database on the PostgreSQL server at `serverUrl` (tests, benchmarks), and how to drop it. */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * A fresh, migrated database for one test file: embedded PGlite in memory by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped again on close).
 */
export async function createTestDatabase(
  serverUrl = process.env.TEST_DATABASE_URL,
): Promise<Database & { url?: string }> {
  if (!serverUrl) {
    const database = await openDatabase({ driver: 'pglite' });
    await migrate(database);
    return database;
  }
  const scratch = await createScratchDatabase(serverUrl, 'pos_test');
  const database = await openDatabase({ driver: 'pg', url: scratch.url, poolSize: 20 });
  await migrate(database);
  return {
    ...database,
    // Where it lives, for a second server process on the same database (browser journeys).
    url: scratch.url,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

/**
 * The PostgreSQL server for tests that need one whatever the run's database: two server processes can share a
 * PostgreSQL database, never an embedded one, and some behaviour is PostgreSQL's alone. CI names it in
 * TEST_DATABASE_URL_PG for both runs.
 */
export function postgresServerUrl(): string {
  return (
    process.env.TEST_DATABASE_URL ??
    process.env.TEST_DATABASE_URL_PG ??
    'postgres://postgres@127.0.0.1:5432/test'
  );
}
