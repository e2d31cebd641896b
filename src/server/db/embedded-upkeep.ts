import type { Database } from './client.ts';

// The embedded database's own autovacuum. PGlite is one backend with no background workers, so nothing ever
// vacuums or analyzes it: every sale leaves its products' old row versions behind, the visibility map that
// index-only scans need is never set, and the planner never learns how big a table has grown. Every
// UPKEEP_MS this reads the tables' counters (which PGlite keeps, as PostgreSQL does) and does what autovacuum
// would, with the database's own autovacuum settings, one table at a time: each statement waits for the
// transaction running, and the next request waits for it, so no request sees more than one table's pause.

export const UPKEEP_MS = 60_000;

/** One table's counters, as pg_stat_user_tables and pg_class give them. */
export type TableActivity = {
  /** The table's name, quoted for SQL. */
  table: string;
  /** Rows as of the last VACUUM or ANALYZE; -1 before either (PostgreSQL's own "never counted"). */
  rows: number;
  dead: number;
  insertedSinceVacuum: number;
  modifiedSinceAnalyze: number;
};

/** The autovacuum settings the thresholds are made of (`autovacuum_vacuum_threshold` and the rest). */
export type UpkeepSettings = {
  vacuumThreshold: number;
  vacuumScaleFactor: number;
  insertThreshold: number;
  insertScaleFactor: number;
  analyzeThreshold: number;
  analyzeScaleFactor: number;
};

export type Upkeep = { table: string; vacuum: boolean; analyze: boolean };

/**
 * What autovacuum would do to each table: vacuum when its dead rows, or its rows inserted since the last
 * vacuum, pass their threshold plus a share of the table; analyze when its changes since the last analyze do.
 */
export function upkeepDue(tables: TableActivity[], settings: UpkeepSettings): Upkeep[] {
  const due: Upkeep[] = [];
  for (const activity of tables) {
    const rows = Math.max(activity.rows, 0);
    const vacuum =
      activity.dead > settings.vacuumThreshold + settings.vacuumScaleFactor * rows ||
      activity.insertedSinceVacuum > settings.insertThreshold + settings.insertScaleFactor * rows;
    const analyze =
      activity.modifiedSinceAnalyze > settings.analyzeThreshold + settings.analyzeScaleFactor * rows;
    if (vacuum || analyze) due.push({ table: activity.table, vacuum, analyze });
  }
  return due;
}

type ActivityRow = {
  table: string;
  rows: number;
  dead: string;
  inserted: string;
  modified: string;
};

type SettingsRow = { name: string; setting: string };

const SETTING_NAMES: Record<string, keyof UpkeepSettings> = {
  autovacuum_vacuum_threshold: 'vacuumThreshold',
  autovacuum_vacuum_scale_factor: 'vacuumScaleFactor',
  autovacuum_vacuum_insert_threshold: 'insertThreshold',
  autovacuum_vacuum_insert_scale_factor: 'insertScaleFactor',
  autovacuum_analyze_threshold: 'analyzeThreshold',
  autovacuum_analyze_scale_factor: 'analyzeScaleFactor',
};

/** Vacuums and analyzes the tables that need it now; returns what was done. */
export async function keepUp(database: Pick<Database, 'query' | 'execScript'>): Promise<Upkeep[]> {
  const settingRows = await database.query<SettingsRow>(
    'select name, setting from pg_settings where name = any($1)',
    [Object.keys(SETTING_NAMES)],
  );
  const settings = Object.fromEntries(
    settingRows.map((row) => [SETTING_NAMES[row.name], Number(row.setting)]),
  ) as UpkeepSettings;
  const activity = await database.query<ActivityRow>(
    `select format('%I.%I', s.schemaname, s.relname) as table, c.reltuples as rows, s.n_dead_tup as dead,
       s.n_ins_since_vacuum as inserted, s.n_mod_since_analyze as modified
     from pg_stat_user_tables s join pg_class c on c.oid = s.relid`,
  );
  const due = upkeepDue(
    activity.map((row) => ({
      table: row.table,
      rows: Number(row.rows),
      dead: Number(row.dead),
      insertedSinceVacuum: Number(row.inserted),
      modifiedSinceAnalyze: Number(row.modified),
    })),
    settings,
  );
  for (const { table, vacuum } of due) {
    // The names come from the catalog, quoted by format('%I'); VACUUM cannot run in a transaction, so each
    // is a script of its own (the simple protocol, no transaction block).
    await database.execScript(vacuum ? `VACUUM (ANALYZE) ${table}` : `ANALYZE ${table}`);
  }
  return due;
}

/** Keeps the embedded database up every `everyMs`, as autovacuum keeps a PostgreSQL server. */
export function createEmbeddedUpkeep(
  database: Pick<Database, 'query' | 'execScript'>,
  log: { error: (obj: object, msg: string) => void },
  everyMs = UPKEEP_MS,
) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  return {
    start() {
      timer = setInterval(() => {
        running = running.then(() =>
          keepUp(database).catch((error) => log.error({ err: error }, 'embedded database upkeep failed')),
        );
      }, everyMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
