import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { type Database, dumpPglite, openDatabase } from '../db/client.ts';
import { listMigrations, migrate } from '../db/migrate.ts';

/** Work on a connection of its own to the server at `serverUrl`, closed after. */
async function onServer<T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A new database on the PostgreSQL server at `serverUrl` (tests, benchmarks), and how to drop it: empty, or a
 * copy of `template`.
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const run = (statement: string) =>
    onServer(serverUrl, async (admin) => {
      await admin.query(statement);
    });
  await run(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  return {
    url: databaseUrl(serverUrl, name),
    drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * A fresh, migrated database for one test file: embedded PGlite in memory by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped again on close).
 */
export async function createTestDatabase(
  serverUrl = process.env.TEST_DATABASE_URL,
): Promise<Database & { url?: string }> {
  if (!serverUrl) return openDatabase({ driver: 'pglite', copyOf: await migratedPgliteTemplate() });
  const scratch = await createScratchDatabase(serverUrl, 'pos_test', await migratedPgTemplate(serverUrl));
  const database = await openDatabase({ driver: 'pg', url: scratch.url, poolSize: 20 });
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

/** The migrations and the database software they run on, as a short name for a migrated copy. */
function migrationsKey(software: string): string {
  const key = createHash('sha256').update(software);
  for (const migration of listMigrations()) key.update(`${migration.name}\0${migration.sql}\0`);
  return key.digest('hex').slice(0, 16);
}

// Any fixed number: one test process at a time makes the server's migrated template.
const TEMPLATE_LOCK = 73_616_002;
const templates = new Map<string, Promise<string>>();

/**
 * A database with every migration applied, on the server at `serverUrl`, that test databases are copied from:
 * a copy takes a fraction of a second, migrating a new database seconds, for each of a hundred test files.
 * Named for the migrations' text, so a changed migration makes a new one. It is migrated under another name
 * and renamed when done, so a process stopped half-way never leaves a half-migrated template; nobody may
 * connect to it (a copy needs its template unused), and older ones are dropped.
 */
function migratedPgTemplate(serverUrl: string): Promise<string> {
  let template = templates.get(serverUrl);
  if (!template) {
    template = makePgTemplate(serverUrl);
    templates.set(serverUrl, template);
  }
  return template;
}

async function makePgTemplate(serverUrl: string): Promise<string> {
  const name = `pos_test_template_${migrationsKey('postgres')}`;
  const building = `${name}_building`;
  return onServer(serverUrl, async (admin) => {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (exists.rowCount) return name;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      const database = await openDatabase({
        driver: 'pg',
        url: databaseUrl(serverUrl, building),
        poolSize: 1,
      });
      try {
        await migrate(database);
      } finally {
        await database.close();
      }
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
      const older = await admin.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE datname LIKE 'pos\\_test\\_template\\_%' AND datname <> $1",
        [name],
      );
      for (const { datname } of older.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname}`);
      return name;
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
}

/**
 * An embedded database with every migration applied, dumped once to the system's temporary directory and
 * shared by every test file after: creating a PGlite database and migrating it takes seconds, opening a copy
 * a fraction of one. The file is named for PGlite's version and the migrations' text, so a changed migration
 * makes a new one; it is written under a temporary name and renamed, so parallel test files never read half.
 */
async function migratedPgliteTemplate(): Promise<Blob> {
  const path = join(tmpdir(), `akwaaba-pos-test-db-${migrationsKey(pgliteVersion())}.tar`);
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
