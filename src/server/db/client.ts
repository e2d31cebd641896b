import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type ExtractTablesWithRelations, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgDialect, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { preparedStatementName } from './prepared.ts';
import { renderPlainStatementsFast } from './render.ts';

// Drizzle is given no schema: its relational queries (`db.query.…`) are not used, and with a schema every
// transaction builds one of them per table when it opens (a checkout's transaction included).
type NoSchema = Record<string, never>;
export type AppDb = PgDatabase<PgQueryResultHKT, NoSchema>;
export type Tx = PgTransaction<PgQueryResultHKT, NoSchema, ExtractTablesWithRelations<NoSchema>>;
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
   * Receives the NOTIFY payloads of `channel`, from this process and every other one on the same database
   * (live events, the sign-in cache). On PostgreSQL a dedicated connection listens and is opened again after
   * a loss: `onLost` says at once that notifications may now be missed, `onReconnect` that listening resumed
   * (the caller catches up on what it missed). On PGlite the embedded database's own listener, which cannot
   * be lost apart from the database itself. Resolves once listening; returns how to stop.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    connection?: ListenConnection,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

export type ListenConnection = { onLost?: () => void; onReconnect?: () => void };

export type DatabaseOptions =
  | { driver: 'pg'; url: string; poolSize?: number }
  /**
   * dataDir undefined: in memory (tests). `copyOf`: start from a dumped data directory (`dumpPglite`) rather
   * than an empty one, so tests skip creating and migrating a database each.
   */
  | { driver: 'pglite'; dataDir?: string; copyOf?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.driver === 'pg') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      Client: PipelinedConnection,
      // Statements are sent without waiting for the answers to those before them (PipelinedConnection).
      pipeline: true,
    });
    // An idle client that loses its server must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = withFastRendering(drizzlePg(pool) as unknown as AppDb);
    return {
      db,
      driver: 'pg',
      execScript: async (sqlText) => {
        await pool.query(sqlText);
      },
      query: async <T>(sqlText: string, params: unknown[] = []) =>
        (await pool.query(sqlText, params)).rows as T[],
      listen: (channel, onPayload, connection) => listenPg(options.url, channel, onPayload, connection),
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.copyOf,
    extensions: { btree_gin, pg_trgm },
  });
  const db = withFastRendering(drizzlePglite(client) as unknown as AppDb);
  return {
    db,
    driver: 'pglite',
    execScript: async (sqlText) => {
      await client.exec(sqlText);
    },
    query: async <T>(sqlText: string, params: unknown[] = []) =>
      (await client.query<T>(sqlText, params)).rows,
    listen: async (channel, onPayload) => {
      const stop = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close: () => client.close(),
  };
}

function withFastRendering(db: AppDb): AppDb {
  renderPlainStatementsFast((db as unknown as { dialect: PgDialect }).dialect);
  return db;
}

/** The whole embedded database as an uncompressed tar, to open copies of with `copyOf`. */
export function dumpPglite(database: Database): Promise<Blob> {
  if (database.driver !== 'pglite') throw new Error('Only an embedded database can be dumped.');
  return (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
}

type QueryResult = pg.QueryResult & { command: string };
const nothingDone = (command: string): QueryResult =>
  ({ command, rowCount: null, oid: 0, rows: [], fields: [] }) as QueryResult;

/**
 * Marks a statement whose answer nobody reads (a transaction's settings): the pooled connection may hold it and
 * send it with the statement that follows, as one message. Its caller gets an empty answer at once.
 */
export const SENT_WITH_NEXT = '/* sent with the next statement */ ';

const THEN_COMMIT = ' /* then commit */';

/**
 * `query` as the last statement of its transaction: on PostgreSQL the COMMIT is sent right behind it, without
 * waiting for its answer, and the transaction's own COMMIT then only collects that answer. The statement must
 * hold every check of the transaction (a failure makes the COMMIT a rollback), and nothing may run after it:
 * the transaction has ended with it (the connection refuses another statement). Elsewhere (PGlite) the
 * transaction commits as usual.
 */
export function thenCommit(query: SQL): SQL {
  return sql`${query}${sql.raw(THEN_COMMIT)}`;
}

/**
 * A pooled connection that saves round trips (the pool's connections are in pipeline mode: a statement is sent
 * without waiting for the answers to those before it).
 * - It holds a transaction's BEGIN, and the settings that follow it (`SENT_WITH_NEXT`: a tenant transaction's),
 *   and sends them with the transaction's first real statement, in one write; their own failure is the one
 *   reported. A transaction that ends before any real statement sends nothing.
 * - It sends the COMMIT right behind a statement marked `thenCommit`.
 * - It does not wait for the COMMIT of a read-only transaction (`begin read only`): the database has refused
 *   any write in it, so there is nothing the COMMIT could lose, and the reads' answers are in. The connection
 *   goes back to the pool at once, the COMMIT held: it is sent in front of the next statement on this
 *   connection, in the same write (the pool hands out the connection released last first, so under load that is
 *   within a request), or alone after READ_ONLY_COMMIT_WAIT_MS if none comes. A read-only transaction holds no
 *   snapshot between its statements and no lock that a write waits for.
 * Only promise-style calls are handled (Drizzle's); the pool's own callback-style calls pass through untouched.
 * A statement marked `prepared` (prepared.ts) is named, so that the connection prepares it once.
 */
class PipelinedConnection extends pg.Client {
  /** What the open transaction has sent nothing of yet: `begin`, then perhaps its settings. */
  #held: string | null = null;
  /** A transaction begun by Drizzle is open (only there may a statement commit it). */
  #isInTransaction = false;
  /** The open transaction is read-only. */
  #isReadOnly = false;
  /** The answer to a COMMIT already sent behind the transaction's last statement. */
  #committed: Promise<QueryResult> | null = null;
  /** A read-only transaction's COMMIT (or ROLLBACK), not sent yet: in front of the next statement, or alone soon. */
  #heldEnd: { text: 'commit' | 'rollback'; timer: NodeJS.Timeout } | null = null;

  // biome-ignore lint/suspicious/noExplicitAny: pg.Client.query's many overloads, passed through as they came
  override query(config: any, values?: any, callback?: any): any {
    if (typeof values === 'function' || typeof callback === 'function') {
      return this.#withHeldEnd(() => super.query(config, values, callback));
    }
    const name = typeof config?.text === 'string' && !config.name && preparedStatementName(config.text);
    const query = name ? { ...config, name } : config;
    const text: unknown = typeof query === 'string' ? query : query?.text;
    const hasValues = Array.isArray(values) && values.length > 0;
    if (text === 'commit' || text === 'rollback') return this.#end(text);
    // Past the transaction's end its settings are gone (the tenant's role among them): nothing more may run.
    if (this.#committed) {
      return Promise.reject(new Error('A statement after the last statement of its transaction'));
    }
    if (this.#held === null) {
      if ((text === 'begin' || text === 'begin read only') && !hasValues) {
        this.#held = text;
        this.#isInTransaction = true;
        this.#isReadOnly = text === 'begin read only';
        return Promise.resolve(nothingDone('BEGIN'));
      }
      return this.#send(null, query, values, text);
    }
    if (typeof text === 'string' && text.startsWith(SENT_WITH_NEXT) && !hasValues) {
      this.#held = `${this.#held}; ${text}`;
      return Promise.resolve(nothingDone('SELECT'));
    }
    const held = this.#held;
    this.#held = null;
    return this.#send(held, query, values, text);
  }

  /** The transaction's COMMIT or ROLLBACK. */
  #end(text: 'commit' | 'rollback'): Promise<QueryResult> {
    const isReadOnly = this.#isReadOnly;
    this.#isInTransaction = false;
    this.#isReadOnly = false;
    if (this.#committed) {
      const committed = this.#committed;
      this.#committed = null;
      // A rollback here follows a failed last statement, whose COMMIT rolled back already.
      return text === 'commit' ? committed : committed.then(rolledBack, rolledBack);
    }
    // Nothing of the transaction was sent: nothing to end.
    if (this.#held !== null) {
      this.#held = null;
      return Promise.resolve(nothingDone(text.toUpperCase()));
    }
    if (!isReadOnly) return super.query(text);
    const timer = setTimeout(() => this.#withHeldEnd(() => {}), READ_ONLY_COMMIT_WAIT_MS);
    timer.unref();
    this.#heldEnd = { text, timer };
    return Promise.resolve(nothingDone(text.toUpperCase()));
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg.Client.end's overloads, passed through as they came
  override end(callback?: any): any {
    if (this.#heldEnd !== null) clearTimeout(this.#heldEnd.timer);
    this.#heldEnd = null;
    return super.end(callback);
  }

  /** Runs `send`, behind the held end of a read-only transaction if there is one, in the same write. */
  #withHeldEnd<T>(send: () => T): T {
    const held = this.#heldEnd;
    if (held === null) return send();
    clearTimeout(held.timer);
    this.#heldEnd = null;
    const stream = this.connection.stream;
    stream.cork();
    try {
      // Its answer is not waited for (#end); a failure shows in the statement that follows.
      super.query(held.text).catch(() => {});
      return send();
    } finally {
      stream.uncork();
    }
  }

  /** Sends the held statements, `query` and, when it is marked so, the COMMIT, in one write. */
  #send(held: string | null, query: unknown, values: unknown, text: unknown): Promise<QueryResult> {
    const isLast = this.#isInTransaction && typeof text === 'string' && text.endsWith(THEN_COMMIT);
    if (held === null && !isLast)
      return this.#withHeldEnd(() => super.query(query as string, values as unknown[]));
    if (this.#heldEnd !== null) return this.#withHeldEnd(() => this.#send(held, query, values, text));
    const stream = this.connection.stream;
    stream.cork();
    try {
      const sentFirst: Promise<unknown> = held === null ? Promise.resolve() : super.query(held);
      const answer: Promise<QueryResult> = super.query(query as string, values as unknown[]);
      if (isLast) {
        this.#isInTransaction = false;
        const committed: Promise<QueryResult> = super.query('commit');
        // Collected by the transaction's COMMIT or ROLLBACK; never left unhandled meanwhile.
        committed.catch(() => {});
        this.#committed = committed;
      }
      return Promise.all([sentFirst, answer]).then(([, result]) => result);
    } finally {
      stream.uncork();
    }
  }
}

const rolledBack = () => nothingDone('ROLLBACK');

/** How long a read-only transaction's COMMIT waits for the connection's next statement to travel with. */
const READ_ONLY_COMMIT_WAIT_MS = 5;

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

/** LISTEN on a connection of its own (a pooled one would be handed to other queries), kept open. */
async function listenPg(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  connection: ListenConnection = {},
): Promise<() => Promise<void>> {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    // A lost connection is replaced; the caller replays from its table what it may have missed meanwhile.
    const lost = () => {
      if (stopped || client !== next) return;
      client = null;
      connection.onLost?.();
      scheduleRetry();
    };
    next.on('error', lost);
    next.on('end', lost);
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    client = next;
  };
  const scheduleRetry = () => {
    retry = setTimeout(async () => {
      retry = null;
      if (stopped) return;
      try {
        await connect();
        connection.onReconnect?.();
      } catch {
        scheduleRetry();
      }
    }, 1000);
    retry.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const current = client;
    client = null;
    await current?.end().catch(() => {});
  };
}
