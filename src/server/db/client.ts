import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type AppDb = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Something queries can run on: the database or a transaction already open. */
export type Queryable = AppDb | Tx;

export type Database = {
  db: AppDb;
  driver: 'pglite' | 'pg';
  /** Runs SQL text of one or more statements without parameters (migrations). */
  execScript(sqlText: string): Promise<void>;
  /** A plain query returning rows, outside Drizzle (health checks, benchmarks). */
  query<T = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<T[]>;
  /**
   * Receives the NOTIFY payloads of a channel (from this process and every other one on the same database).
   * `onLost` is called when the connection that listens is gone: notifications may have been missed.
   * Resolves once listening; the returned function stops.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onLost: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { driver: 'pg'; url: string; poolSize?: number }
  /** dataDir undefined: in memory (tests). */
  | { driver: 'pglite'; dataDir?: string };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.driver === 'pg') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client that loses its server must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as AppDb;
    return {
      db,
      driver: 'pg',
      execScript: async (sqlText) => {
        await pool.query(sqlText);
      },
      query: async <T>(sqlText: string, params: unknown[] = []) =>
        (await pool.query(sqlText, params)).rows as T[],
      listen: async (channel, onMessage, onLost) => {
        // A connection of its own, outside the pool: it stays in LISTEN for the life of the process.
        const client = new pg.Client({ connectionString: options.url });
        let isStopping = false;
        const lost = () => {
          if (!isStopping) onLost();
        };
        client.on('error', lost);
        client.on('end', lost);
        client.on('notification', (message) => {
          if (message.channel === channel) onMessage(message.payload ?? '');
        });
        await client.connect();
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        return async () => {
          isStopping = true;
          await client.end().catch(() => undefined);
        };
      },
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: options.dataDir, extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as AppDb;
  return {
    db,
    driver: 'pglite',
    execScript: async (sqlText) => {
      await client.exec(sqlText);
    },
    query: async <T>(sqlText: string, params: unknown[] = []) =>
      (await client.query<T>(sqlText, params)).rows,
    // One embedded database, one process: the connection cannot be lost apart from the database itself.
    listen: async (channel, onMessage) => {
      const stop = await client.listen(channel, onMessage);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close: () => client.close(),
  };
}
