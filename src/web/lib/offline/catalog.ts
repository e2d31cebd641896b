import type { PosCategory, PosProduct, PosProductsResponse } from '#domain/schemas/sales.ts';
import type { SyncCatalogResponse, SyncCategory, SyncCustomer, SyncProduct } from '#domain/schemas/sync.ts';
import { compareText } from '#domain/text-order.ts';
import { api, isApiError } from '../api-client.ts';
import { getAll, getOne, isLocalDbAvailable, writeLocal } from './local-db.ts';
import { pendingQuantities } from './outbox.ts';
import { notifyLocalChange } from './status.ts';

// The till's copy of the catalog and customers (issue 15), kept by GET /api/v1/sync/catalog with the cursor the
// server handed out last time: only rows changed since come, deactivated ones included. The till searches and
// scans this copy, online as offline, so it answers at once.

type Meta = { cursor: string; synced_at: string };
const META_KEY = 'catalog';

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
      await applyCatalog(slug, answer);
      const changed =
        answer.full || answer.products.length + answer.categories.length + answer.customers.length > 0;
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

export async function applyCatalog(slug: string, answer: SyncCatalogResponse): Promise<void> {
  await writeLocal(slug, ['products', 'categories', 'customers', 'meta'], (store) => {
    if (answer.full) {
      store('products').clear();
      store('categories').clear();
      store('customers').clear();
    }
    for (const product of answer.products) store('products').put(product);
    for (const category of answer.categories) store('categories').put(category);
    for (const customer of answer.customers) store('customers').put(customer);
    store('meta').put(
      { cursor: answer.cursor, synced_at: new Date().toISOString() } satisfies Meta,
      META_KEY,
    );
  });
}

export type LocalFilters = { search: string; categoryId: string | null };

function toPosProduct(product: SyncProduct, pending: Map<string, number>): PosProduct {
  const { is_active: _active, category_id: _category, ...pos } = product;
  // Sales still in the outbox took their units already, though the server does not know it yet.
  return { ...pos, stock_quantity: Math.max(0, pos.stock_quantity - (pending.get(product.id) ?? 0)) };
}

function matches(product: SyncProduct, search: string): boolean {
  if (!search) return true;
  const text = search.toLowerCase();
  if (product.barcode === search || product.sku?.toLowerCase() === text) return true;
  return (
    product.name.toLowerCase().includes(text) || (product.description ?? '').toLowerCase().includes(text)
  );
}

/** The till's grid from the copy: active, in stock, by name; the server's page shape. */
export async function localPosProducts(
  slug: string,
  filters: LocalFilters,
  offset: number,
  limit: number,
): Promise<PosProductsResponse> {
  const [rows, pending] = await Promise.all([getAll<SyncProduct>(slug, 'products'), pendingQuantities(slug)]);
  const search = filters.search.trim();
  const listed = rows
    .filter((row) => row.is_active && (!filters.categoryId || row.category_id === filters.categoryId))
    .filter((row) => matches(row, search))
    .map((row) => toPosProduct(row, pending))
    .filter((product) => product.stock_quantity > 0)
    .sort((a, b) => compareText(a.name, b.name) || compareText(a.id, b.id));
  return { products: listed.slice(offset, offset + limit), has_more: listed.length > offset + limit };
}

/** A scanned or typed code from the copy: barcode or SKU exactly, active, any stock (barcode first). */
export async function localProductByCode(slug: string, code: string): Promise<PosProduct | null> {
  const [rows, pending] = await Promise.all([getAll<SyncProduct>(slug, 'products'), pendingQuantities(slug)]);
  const active = rows.filter((row) => row.is_active);
  const found = active.find((row) => row.barcode === code) ?? active.find((row) => row.sku === code);
  return found ? toPosProduct(found, pending) : null;
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
