import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { type Database, dumpPglite, openDatabase } from '../db/client.ts';
import { listMigrations, migrate } from '../db/migrate.ts';

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
  if (!serverUrl) return openDatabase({ driver: 'pglite', copyOf: await migratedPgliteTemplate() });
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
 * An embedded database with every migration applied, dumped once to the system's temporary directory and
 * shared by every test file after: creating a PGlite database and migrating it takes seconds, opening a copy
 * a fraction of one. The file is named for PGlite's version and the migrations' text, so a changed migration
 * makes a new one; it is written under a temporary name and renamed, so parallel test files never read half.
 */
async function migratedPgliteTemplate(): Promise<Blob> {
  const key = createHash('sha256').update(pgliteVersion());
  for (const migration of listMigrations()) key.update(`${migration.name}\0${migration.sql}\0`);
  const path = join(tmpdir(), `akwaaba-pos-test-db-${key.digest('hex').slice(0, 16)}.tar`);
  if (existsSync(path)) return new Blob([readFileSync(path)]);
  const database = await openDatabase({ driver: 'pglite' });
  try {
    await migrate(database);
    const dump = await dumpPglite(database);
    const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, path);
    return dump;
  } finally {
    await database.close();
  }
}

/** The installed PGlite's version: its package.json, found above its entry point (not in its exports). */
function pgliteVersion(): string {
  let directory = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(join(directory, 'package.json'))) directory = dirname(directory);
  return (JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as { version: string }).version;
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
