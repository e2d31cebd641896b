import type { PosCategory, PosProduct, PosProductsResponse } from '#domain/schemas/sales.ts';
import type { SyncCatalogResponse, SyncCategory, SyncCustomer, SyncProduct } from '#domain/schemas/sync.ts';
import { compareText } from '#domain/text-order.ts';
import { api, isApiError } from '../api-client.ts';
import {
  type CatalogIndex,
  catalogPage,
  indexCatalog,
  type LocalFilters,
  productByCode,
  unarrangedPage,
  withChanges,
} from './catalog-index.ts';
import {
  getAll,
  getAllByIndex,
  getAllByIndexInChunks,
  getOne,
  isLocalDbAvailable,
  PRODUCT_INDEXES,
  writeLocal,
} from './local-db.ts';
import { pendingQuantities } from './outbox.ts';
import { notifyLocalChange } from './status.ts';

// The till's copy of the catalog and customers (issue 15), kept by GET /api/v1/sync/catalog with the cursor the
// server handed out last time: only rows changed since come, deactivated ones included. The till searches and
// scans this copy, online as offline, so it answers at once.

/**
 * `revision` changes whenever a sync changes the copy's rows, and only then (a sync that brought nothing keeps
 * it): what the products held in memory are checked against. Copies written before it had one read as ''.
 */
type Meta = { cursor: string; synced_at: string; revision?: string };
const META_KEY = 'catalog';

const revisionOf = (meta: Meta | undefined): string => meta?.revision ?? '';

export async function catalogMeta(slug: string): Promise<Meta | undefined> {
  if (!isLocalDbAvailable()) return undefined;
  return getOne<Meta>(slug, 'meta', META_KEY);
}

const running = new Map<string, Promise<boolean>>();
const lastRun = new Map<string, number>();

/**
 * Brings the copy up to date; true when anything changed. One run per business at a time; a copy whose cursor
 * the server no longer takes starts over with a full copy.
 */
export function syncCatalog(slug: string): Promise<boolean> {
  const current = running.get(slug);
  if (current) return current;
  const run = (async () => {
    try {
      const meta = await catalogMeta(slug);
      let answer: SyncCatalogResponse;
      try {
        answer = await api.get<SyncCatalogResponse>(
          `/api/v1/sync/catalog${meta ? `?cursor=${encodeURIComponent(meta.cursor)}` : ''}`,
        );
      } catch (error) {
        if (meta && isApiError(error) && error.status === 400) {
          answer = await api.get<SyncCatalogResponse>('/api/v1/sync/catalog');
        } else throw error;
      }
      const changed = await applyCatalog(slug, answer);
      if (changed) notifyLocalChange(slug);
      return changed;
    } finally {
      lastRun.set(slug, Date.now());
      running.delete(slug);
    }
  })();
  running.set(slug, run);
  return run;
}

/** syncCatalog, at most once per `minGapMs`: for reads that want a fresh copy without a request per keystroke. */
export function syncCatalogSoon(slug: string, minGapMs = 10_000): Promise<boolean> {
  if (Date.now() - (lastRun.get(slug) ?? 0) < minGapMs) return Promise.resolve(false);
  return syncCatalog(slug);
}

/** Writes a sync's answer into the copy, in one transaction; true when it changed any row. */
export async function applyCatalog(slug: string, answer: SyncCatalogResponse): Promise<boolean> {
  const changed =
    answer.full || answer.products.length + answer.categories.length + answer.customers.length > 0;
  let revisions: { before: string; after: string } | undefined;
  await writeLocal(slug, ['products', 'categories', 'customers', 'meta'], (store) => {
    if (answer.full) {
      store('products').clear();
      store('categories').clear();
      store('customers').clear();
    }
    for (const product of answer.products) store('products').put(product);
    for (const category of answer.categories) store('categories').put(category);
    for (const customer of answer.customers) store('customers').put(customer);
    // Read and written in this transaction: another tab's sync cannot slip between and be forgotten.
    const meta = store('meta');
    const previous = meta.get(META_KEY);
    previous.onsuccess = () => {
      const kept = revisionOf(previous.result as Meta | undefined);
      const revision = changed || !kept ? `${answer.cursor}.${Date.now()}.${Math.random()}` : kept;
      revisions = { before: kept, after: revision };
      meta.put(
        { cursor: answer.cursor, synced_at: new Date().toISOString(), revision } satisfies Meta,
        META_KEY,
      );
    };
  });
  if (changed && revisions && !answer.full) {
    followSync(slug, revisions.before, revisions.after, answer.products);
  }
  return changed;
}

/**
 * The copy's products arranged for the till's reads, kept in memory for one business at a time: read from
 * IndexedDB once, and again only when a sync changed them (its revision), here or in another tab. Reading
 * every product on every keystroke took seconds a read at 100,000 products on a slow phone.
 */
type Held = {
  slug: string;
  revision: string;
  index: Promise<CatalogIndex> | null;
  /** The index, once read. */
  ready: CatalogIndex | null;
};
let held: Held | undefined;

/**
 * This tab's sync changed the copy it holds in memory: the held index follows it (the sold products' stock
 * after every sale), instead of reading every product again.
 */
function followSync(slug: string, before: string, after: string, changed: SyncProduct[]): void {
  if (held?.slug !== slug || held.revision !== before || !held.ready) return;
  const index = withChanges(held.ready, changed);
  held = { slug, revision: after, index: Promise.resolve(index), ready: index };
}

async function heldCopy(slug: string): Promise<Held | null> {
  // The revision is read before the rows: a sync between the two leaves an index newer than its revision,
  // which the next read replaces, never one older.
  const meta = await catalogMeta(slug);
  if (!meta) {
    // No copy (signed out, or never synced): nothing of it stays in memory either.
    held = undefined;
    return null;
  }
  const revision = revisionOf(meta);
  if (held?.slug !== slug || held.revision !== revision) {
    held = { slug, revision, index: null, ready: null };
  }
  return held;
}

/** Starts reading the whole copy for the reads that follow; a failed read is retried by the next one. */
function readSoon(holding: Held): void {
  void indexFor(holding).catch(() => undefined);
}

/** The held copy's index, read from IndexedDB the first time it is asked for. */
function indexFor(holding: Held | null): Promise<CatalogIndex> {
  if (!holding) return Promise.resolve(NO_INDEX);
  if (!holding.index) {
    const index = readCopy(holding.slug).then(indexCatalog);
    index.then(
      (read) => {
        holding.ready = read;
      },
      () => {
        if (holding.index === index) holding.index = null;
      },
    );
    holding.index = index;
  }
  return holding.index;
}

const NO_INDEX = indexCatalog([]);

/** Times the whole copy is read again when a sync wrote it while it was read, before one reading is kept. */
const READ_ATTEMPTS = 3;

/**
 * Every product of the copy by name, READ_CHUNK_ROWS at a time. The parts are read in transactions of their
 * own (local-db.ts), so a sync may write between two of them: the copy's revision, unchanged from before the
 * first part to after the last, says none did. After READ_ATTEMPTS readings that syncs kept changing, the last
 * is kept: its revision differs from the held one, so the next read replaces it.
 */
async function readCopy(slug: string): Promise<SyncProduct[]> {
  for (let attempt = 1; ; attempt++) {
    const before = revisionOf(await catalogMeta(slug));
    const rows = await getAllByIndexInChunks<SyncProduct>(
      slug,
      'products',
      PRODUCT_INDEXES.name,
      READ_CHUNK_ROWS,
    );
    if (attempt === READ_ATTEMPTS || revisionOf(await catalogMeta(slug)) === before) return rows;
  }
}

/**
 * The till's grid from the copy: active, in stock, by name; the server's page shape. `meanwhile`: the same
 * page from elsewhere (the server), for a page that would wait for the whole copy to be read: whichever
 * answers first is shown, the copy whenever `meanwhile` fails.
 */
export async function localPosProducts(
  slug: string,
  filters: LocalFilters,
  offset: number,
  limit: number,
  meanwhile?: () => Promise<PosProductsResponse>,
): Promise<PosProductsResponse> {
  const [holding, pending] = await Promise.all([heldCopy(slug), pendingQuantities(slug)]);
  const fromCopy = async () => catalogPage(await indexFor(holding), filters, pending, offset, limit);
  if (holding && !holding.ready) {
    // The till just opened and has not read its copy yet (seconds at 100,000 products on a slow phone): the
    // grid's first pages, and a search or category that fills its page early in name order, come straight
    // from the name index; only then is the whole copy read, for the reads that follow.
    const early = await earlyPage(slug, filters, pending, offset, limit);
    readSoon(holding);
    if (early) return early;
    // A rare word or a typed code: the server's answer, while the copy is read, unless a sale waits in the
    // outbox (its stock is taken from the copy's, and the server knows nothing of it yet).
    if (meanwhile && pending.size === 0) {
      const copy = fromCopy();
      return Promise.any([meanwhile(), copy]).catch(() => copy);
    }
  }
  return fromCopy();
}

/**
 * How many products of the name index a read takes before the copy is read: about a tenth of a second on a
 * slow phone, enough for a word a tenth of the products hold to fill a page.
 */
export const EARLY_READ_ROWS = 2_000;

/** The whole copy is read this many products at a time, a quarter of a second each on a slow phone. */
const READ_CHUNK_ROWS = 5_000;

/**
 * A page from the first products of the copy in name order (at most EARLY_READ_ROWS), or null when they did
 * not settle it (the page not full, more products after them): a rare word or a code waits for the whole copy.
 */
async function earlyPage(
  slug: string,
  filters: LocalFilters,
  pending: Map<string, number>,
  offset: number,
  limit: number,
): Promise<PosProductsResponse | null> {
  // The grid's page is settled by the first rows nearly always: those first, a word's page from more.
  const grid = Math.min(2 * (offset + limit + 1), EARLY_READ_ROWS);
  for (const rows of new Set([grid, EARLY_READ_ROWS])) {
    const gatherer = unarrangedPage(filters, pending, offset, limit);
    const first = await getAllByIndex<SyncProduct>(slug, 'products', PRODUCT_INDEXES.name, null, rows);
    if (!first.every(gatherer.take) || first.length < rows) return gatherer.page();
  }
  return null;
}

/** A scanned or typed code from the copy: barcode or SKU exactly, active, any stock (barcode first). */
export async function localProductByCode(slug: string, code: string): Promise<PosProduct | null> {
  const [holding, pending] = await Promise.all([heldCopy(slug), pendingQuantities(slug)]);
  if (holding && !holding.ready) {
    // A scan as the till opens: from the code indexes, without waiting for the whole copy to be read.
    const [byBarcode, bySku] = await Promise.all([
      getAllByIndex<SyncProduct>(slug, 'products', PRODUCT_INDEXES.barcode, code),
      getAllByIndex<SyncProduct>(slug, 'products', PRODUCT_INDEXES.sku, code),
    ]);
    readSoon(holding);
    return productByCode(indexCatalog([...byBarcode, ...bySku]), code, pending);
  }
  return productByCode(await indexFor(holding), code, pending);
}

export async function localCategories(slug: string): Promise<PosCategory[]> {
  const rows = await getAll<SyncCategory>(slug, 'categories');
  return rows
    .filter((row) => row.is_active)
    .sort((a, b) => a.sort_order - b.sort_order || compareText(a.name, b.name))
    .map(({ id, name }) => ({ id, name }));
}

export async function localCustomers(slug: string, search: string, limit = 20): Promise<SyncCustomer[]> {
  const text = search.trim().toLowerCase();
  const rows = await getAll<SyncCustomer>(slug, 'customers');
  return rows
    .filter((row) => row.is_active)
    .filter(
      (row) =>
        !text ||
        row.name.toLowerCase().includes(text) ||
        (row.phone ?? '').replace(/\s/g, '').includes(text.replace(/\s/g, '')) ||
        (row.email ?? '').toLowerCase().includes(text),
    )
    .sort((a, b) => compareText(a.name, b.name))
    .slice(0, limit);
}
