// The till's own database in the browser (IndexedDB), one per business: the catalog and customers it sells
// from, and the outbox of sales made offline. The database's name carries the business's slug, so two shops
// open on one origin (localhost, a shop server's IP with ?business=) never read or write each other's rows.

export const STORES = ['products', 'categories', 'customers', 'meta', 'outbox'] as const;
export type StoreName = (typeof STORES)[number];
/** The stores signing out empties: the outbox is kept, its sales are the shop's money. */
export const CATALOG_STORES: StoreName[] = ['products', 'categories', 'customers'];
/** Meta entries that belong to the catalog copy (the till's receipt sequence is kept: it may never repeat). */
export const CATALOG_META_KEYS = ['catalog', 'receipt-business'];

/** 2: the products' indexes (PRODUCT_INDEXES). */
const VERSION = 2;

/** The products' indexes, by the field each orders them by. */
export const PRODUCT_INDEXES = {
  /** The grid's order: IndexedDB orders strings by code unit, then equal names by id. */
  name: 'by-name',
  barcode: 'by-barcode',
  sku: 'by-sku',
} as const;

export function localDbName(slug: string): string {
  return `akwaaba-pos:${slug}`;
}

const opened = new Map<string, Promise<IDBDatabase>>();

export function isLocalDbAvailable(): boolean {
  return typeof indexedDB !== 'undefined';
}

export function openLocalDb(slug: string): Promise<IDBDatabase> {
  const name = localDbName(slug);
  const existing = opened.get(name);
  if (existing) return existing;
  const opening = new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(name, VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      for (const store of STORES) {
        if (!db.objectStoreNames.contains(store)) {
          db.createObjectStore(store, store === 'meta' ? undefined : { keyPath: 'id' });
        }
      }
      const products = request.transaction!.objectStore('products');
      for (const [field, index] of Object.entries(PRODUCT_INDEXES)) {
        if (!products.indexNames.contains(index)) products.createIndex(index, field);
      }
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab upgrading (a new release) asks this one to let go; it reopens on next use.
      db.onversionchange = () => {
        db.close();
        opened.delete(name);
      };
      resolve(db);
    };
    request.onerror = () => {
      opened.delete(name);
      reject(request.error ?? new Error('The till’s local database could not be opened'));
    };
  });
  opened.set(name, opening);
  return opening;
}

function done(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onabort = () => reject(transaction.error ?? new Error('Local database write aborted'));
    transaction.onerror = () => reject(transaction.error ?? new Error('Local database write failed'));
  });
}

function result<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

export async function getAll<T>(slug: string, store: StoreName): Promise<T[]> {
  const db = await openLocalDb(slug);
  return result(db.transaction(store, 'readonly').objectStore(store).getAll() as IDBRequest<T[]>);
}

/**
 * Every value of a store in the order of one of its indexes; with `key`, those the index files under it; with
 * `count`, only the first so many (a few of a large store, in one read).
 */
export async function getAllByIndex<T>(
  slug: string,
  store: StoreName,
  index: string,
  key?: string | null,
  count?: number,
): Promise<T[]> {
  const db = await openLocalDb(slug);
  const source = db.transaction(store, 'readonly').objectStore(store).index(index);
  return result(source.getAll(key ?? null, count) as IDBRequest<T[]>);
}

/**
 * Every value of a store in the order of one of its indexes, like getAllByIndex, but `chunk` at a time: a large
 * store's values arrive in parts, and the page's other work (a keystroke, a search's own read) runs between
 * them instead of waiting seconds for all of them at once. Each part is read in a transaction of its own: the
 * browser ran another transaction's read (even of another store) only once all the parts of one transaction
 * were read, seconds later. So the parts are one consistent copy only if nothing wrote the store meanwhile,
 * which the caller checks (the catalog's revision, catalog.ts).
 */
export async function getAllByIndexInChunks<T>(
  slug: string,
  store: StoreName,
  index: string,
  chunk: number,
): Promise<T[]> {
  const db = await openLocalDb(slug);
  const sourceOf = () => db.transaction(store, 'readonly').objectStore(store).index(index);
  let source = sourceOf();
  const keyPath = source.keyPath;
  if (typeof keyPath !== 'string') throw new Error('getAllByIndexInChunks: an index on one property only');
  const keyOf = (value: T) => (value as Record<string, IDBValidKey>)[keyPath]!;
  const values: T[] = [];
  // Each part starts at the last key read, and skips the values under that key it already holds: an index
  // orders values under one key by their primary key.
  let from: IDBValidKey | undefined;
  let held = 0;
  for (;;) {
    const range = from === undefined ? null : IDBKeyRange.lowerBound(from);
    const part = await result(source.getAll(range, chunk + held) as IDBRequest<T[]>);
    for (let i = held; i < part.length; i++) values.push(part[i]!);
    if (part.length < chunk + held) return values;
    from = keyOf(part[part.length - 1]!);
    held = 0;
    for (let i = values.length - 1; i >= 0 && indexedDB.cmp(keyOf(values[i]!), from) === 0; i--) held++;
    source = sourceOf();
  }
}

export async function getOne<T>(slug: string, store: StoreName, key: string): Promise<T | undefined> {
  const db = await openLocalDb(slug);
  return result(db.transaction(store, 'readonly').objectStore(store).get(key) as IDBRequest<T | undefined>);
}

/** Several writes, in one transaction over the named stores: all of them happen or none. */
export async function writeLocal(
  slug: string,
  stores: StoreName[],
  write: (get: (store: StoreName) => IDBObjectStore) => void,
): Promise<void> {
  const db = await openLocalDb(slug);
  const transaction = db.transaction(stores, 'readwrite');
  write((store) => transaction.objectStore(store));
  await done(transaction);
}

/** Signing out: the catalog copy goes; the outbox stays until every sale in it has reached the server. */
export async function clearCatalog(slug: string): Promise<void> {
  if (!isLocalDbAvailable()) return;
  await writeLocal(slug, [...CATALOG_STORES, 'meta'], (store) => {
    for (const name of CATALOG_STORES) store(name).clear();
    for (const key of CATALOG_META_KEYS) store('meta').delete(key);
  });
}

/**
 * Reads a counter in `meta` and writes it back one higher together with the records `make` builds from the
 * new value, in ONE transaction: two tabs of one till never draw the same number.
 */
export async function withNextSequence<T>(
  slug: string,
  key: string,
  make: (sequence: number) => { store: StoreName; value: T },
): Promise<T> {
  const db = await openLocalDb(slug);
  const stores: StoreName[] = ['meta', 'outbox'];
  const transaction = db.transaction(stores, 'readwrite');
  const meta = transaction.objectStore('meta');
  let made: T | undefined;
  const read = meta.get(key);
  read.onsuccess = () => {
    const next = (typeof read.result === 'number' ? read.result : 0) + 1;
    const record = make(next);
    meta.put(next, key);
    transaction.objectStore(record.store).put(record.value);
    made = record.value;
  };
  await done(transaction);
  return made as T;
}

export async function deleteOne(slug: string, store: StoreName, key: string): Promise<void> {
  await writeLocal(slug, [store], (get) => get(store).delete(key));
}

export async function putOne(slug: string, store: StoreName, value: unknown, key?: string): Promise<void> {
  await writeLocal(slug, [store], (get) =>
    key === undefined ? get(store).put(value) : get(store).put(value, key),
  );
}
