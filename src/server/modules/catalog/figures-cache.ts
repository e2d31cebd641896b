import { type SQL, sql } from 'drizzle-orm';

/**
 * The product screen's and dashboard's figures over a whole catalog (or a category, or its low stock) are kept
 * between requests: at 100k products they read every product, 30–150 ms, while a look at whether anything
 * changed is two index probes.
 *
 * Every write to a product stamps a row with its transaction's id (product-writes.ts): the product's own row for
 * a change of the product, its stock ledger's row for a change of stock. Products are never deleted (a deletion
 * is a write that makes them inactive). Figures are kept with the snapshot they were read in and its xmin, the
 * oldest transaction still running then: a write that snapshot did not see was made by a transaction running
 * then or started after, whose id is at least that xmin. So the figures hold exactly while no row of the
 * business carries an id at or above it. When only stock moved since, they are brought up to date from the
 * moves the snapshot did not see (`pg_visible_in_snapshot`), which is exact; when a product changed, they are
 * read again. The look is made in the database, so several server instances need no messages.
 */
export type Kept<T> = {
  figures: T;
  /** The snapshot the figures were read in (pg_snapshot as text). */
  snapshot: string;
  /** That snapshot's xmin. */
  xmin: bigint;
};

/** The statement's snapshot and its xmin, as columns `snapshot` and `xmin` (text): what is kept is read with them. */
export const snapshotColumns = sql`pg_current_snapshot()::text as snapshot,
  pg_snapshot_xmin(pg_current_snapshot())::text as xmin`;

/** Whether the row stamped `stamp` (an xid8 column) was written by a transaction the kept snapshot did not see. */
export function unseenBy(stamp: SQL, kept: { snapshot: string; xmin: bigint | string }): SQL {
  return sql`${stamp} >= ${String(kept.xmin)}::xid8 and not pg_visible_in_snapshot(${stamp}, ${kept.snapshot}::pg_snapshot)`;
}

/** The newest transaction ids that wrote a product row and a stock ledger row of the business (null: none). */
export type LatestWrites = { product: bigint | null; stock: bigint | null };

export type KeptFigures<T> = {
  /**
   * Figures kept under `key` that still hold given the newest writes, with `stockMoved` when stock has moved
   * since (add what their snapshot did not see); undefined when they must be read again.
   */
  get(key: string, latest: LatestWrites): { kept: Kept<T>; stockMoved: boolean } | undefined;
  set(key: string, kept: Kept<T>): void;
};

const since = (latest: bigint | null, xmin: bigint) => latest !== null && latest >= xmin;

/** Keeps at most `capacity` figures, dropping the least recently used first. */
export function keptFigures<T>(capacity: number): KeptFigures<T> {
  const entries = new Map<string, Kept<T>>();
  return {
    get(key, latest) {
      const kept = entries.get(key);
      if (!kept) return undefined;
      // Taken out either way: put back as the most recently used only while it still holds.
      entries.delete(key);
      if (since(latest.product, kept.xmin)) return undefined;
      entries.set(key, kept);
      return { kept, stockMoved: since(latest.stock, kept.xmin) };
    },
    set(key, kept) {
      entries.delete(key);
      entries.set(key, kept);
      while (entries.size > capacity) entries.delete(entries.keys().next().value as string);
    },
  };
}
