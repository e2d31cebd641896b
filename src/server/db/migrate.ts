import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database } from './client.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
// Any fixed number: two server instances starting together must not both migrate.
const MIGRATION_LOCK = 73_616_001;

export function listMigrations(): { name: string; sql: string }[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((name) => ({ name, sql: readFileSync(`${MIGRATIONS_DIR}${name}`, 'utf8') }));
}

/** Applies the committed SQL migrations not yet applied, in order, each in its own transaction. */
export async function migrate(database: Database): Promise<string[]> {
  await database.execScript(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  await database.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    const done = new Set(
      (await database.query<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name),
    );
    const applied: string[] = [];
    for (const migration of listMigrations()) {
      if (done.has(migration.name)) continue;
      const name = migration.name.replace(/'/g, "''");
      await database.execScript(
        `BEGIN;\n${migration.sql}\n;INSERT INTO schema_migrations (name) VALUES ('${name}');\nCOMMIT;`,
      );
      applied.push(migration.name);
    }
    return applied;
  } catch (error) {
    await database.execScript('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await database.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  }
}
