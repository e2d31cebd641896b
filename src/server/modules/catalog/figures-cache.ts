/**
 * The product screen's and dashboard's figures over a whole catalog (or a category, or its low stock) are kept
 * between requests: at 100k products they read every product, 30–60 ms, while a look at whether anything
 * changed is one index probe.
 *
 * Every write to a product stamps a row with its transaction's id (product-writes.ts), and products
 * are never deleted (a deletion is a write that makes them inactive). Figures are kept with the xmin of a
 * snapshot taken no later than theirs: the oldest transaction still running then. A change their snapshot did
 * not see was made by a transaction running then or started after, whose id is at least that xmin. So the
 * figures hold exactly while no product of the business carries an id at or above it; once one does, they are
 * read again. Only the wasted keeping is approximate (a transaction its snapshot did see may also be above
 * xmin), never the answer. The look is made in the database, so several server instances need no messages.
 */
export type KeptFigures<T> = {
  /** Figures kept under `key` that still hold when the newest product write is `latest` (null: none yet). */
  get(key: string, latest: bigint | null): T | undefined;
  /** Keeps figures read by a snapshot whose xmin was `xmin` or later. */
  set(key: string, xmin: bigint, figures: T): void;
};

/** Keeps at most `capacity` figures, dropping the least recently used first. */
export function keptFigures<T>(capacity: number): KeptFigures<T> {
  const entries = new Map<string, { xmin: bigint; figures: T }>();
  return {
    get(key, latest) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      // Taken out either way: put back as the most recently used only while it still holds.
      entries.delete(key);
      if (latest !== null && latest >= entry.xmin) return undefined;
      entries.set(key, entry);
      return entry.figures;
    },
    set(key, xmin, figures) {
      entries.delete(key);
      entries.set(key, { xmin, figures });
      while (entries.size > capacity) entries.delete(entries.keys().next().value as string);
    },
  };
}
