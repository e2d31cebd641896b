import type { PosProduct, PosProductsResponse } from '#domain/schemas/sales.ts';
import type { SyncProduct } from '#domain/schemas/sync.ts';
import { compareText } from '#domain/text-order.ts';

// The till's local copy of the products, arranged once for the reads it answers on every keystroke and every
// scan: the active products in the server's order, their names and descriptions lowered into one text that a
// search runs through with indexOf (rare text over 100,000 products took 330–420 ms at CPU ×4 tested product by
// product), the codes and categories in maps. A page of the grid stops as soon as it is full.

/** Between one product's text and the next: no search typed into the till can hold it. */
const SEPARATOR = '\u0000';

export type CatalogIndex = {
  /** Active products by name, then id: the grid's order, online and offline alike. */
  listed: SyncProduct[];
  /** Each listed product's name and description, lowered, in that order, SEPARATOR between them all. */
  text: string;
  /** Where each listed product's part of `text` starts. */
  starts: Uint32Array;
  /** Each listed product's position, by id. */
  positions: Map<string, number>;
  /** The listed positions of each category's products, in order. */
  byCategory: Map<string, number[]>;
  /** Listed position by barcode and by SKU: codes are unique among a business's active products. */
  byBarcode: Map<string, number>;
  bySku: Map<string, number>;
};

export type LocalFilters = { search: string; categoryId: string | null };

export function indexCatalog(rows: SyncProduct[]): CatalogIndex {
  // Read from the copy in name order already (local-db.ts), so this sort only checks it.
  const listed = rows
    .filter((row) => row.is_active)
    .sort((a, b) => compareText(a.name, b.name) || compareText(a.id, b.id));
  const byBarcode = new Map<string, number>();
  const bySku = new Map<string, number>();
  const byCategory = new Map<string, number[]>();
  const positions = new Map<string, number>();
  const starts = new Uint32Array(listed.length);
  const parts: string[] = [];
  let length = 0;
  listed.forEach((product, position) => {
    positions.set(product.id, position);
    if (product.barcode && !byBarcode.has(product.barcode)) byBarcode.set(product.barcode, position);
    if (product.sku && !bySku.has(product.sku)) bySku.set(product.sku, position);
    if (product.category_id) {
      const inCategory = byCategory.get(product.category_id);
      if (inCategory) inCategory.push(position);
      else byCategory.set(product.category_id, [position]);
    }
    const part = `${product.name}${SEPARATOR}${product.description ?? ''}${SEPARATOR}`.toLowerCase();
    starts[position] = length;
    length += part.length;
    parts.push(part);
  });
  return { listed, text: parts.join(''), starts, positions, byCategory, byBarcode, bySku };
}

/**
 * The index after a sync changed these products. When only what the index does not arrange by changed (stock,
 * price, tax, image: every sale's stock comes back this way), in place, each in its position; otherwise built
 * again from the products held, without reading the copy.
 */
export function withChanges(index: CatalogIndex, changed: SyncProduct[]): CatalogIndex {
  const inPlace = changed.every((product) => {
    const position = index.positions.get(product.id);
    const was = position === undefined ? undefined : index.listed[position];
    return (
      was !== undefined &&
      product.is_active &&
      product.name === was.name &&
      product.description === was.description &&
      product.barcode === was.barcode &&
      product.sku === was.sku &&
      product.category_id === was.category_id
    );
  });
  if (!inPlace) {
    const ids = new Set(changed.map((product) => product.id));
    return indexCatalog([...index.listed.filter((product) => !ids.has(product.id)), ...changed]);
  }
  for (const product of changed) index.listed[index.positions.get(product.id)!] = product;
  return index;
}

/** The listed position whose part of the text holds `at`. */
function positionAt(index: CatalogIndex, at: number): number {
  let low = 0;
  let high = index.starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if (index.starts[middle]! <= at) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * Hands `visit` the listed positions a search matches, in order, until it answers false: its text in a name or
 * description (any case), or a barcode or SKU exactly, as the server's search matches them.
 */
function eachMatch(index: CatalogIndex, search: string, visit: (position: number) => boolean): void {
  const text = search.toLowerCase();
  const codes = [index.byBarcode.get(search), index.bySku.get(search)]
    .filter((position) => position !== undefined)
    .sort((a, b) => a - b);
  // Text holding the separator would match across two products: only codes can match it.
  let from = text.includes(SEPARATOR) ? index.text.length : 0;
  let last = -1;
  const once = (position: number) => {
    if (position === last) return true;
    last = position;
    return visit(position);
  };
  while (true) {
    const at = index.text.indexOf(text, from);
    const position = at === -1 ? Number.POSITIVE_INFINITY : positionAt(index, at);
    while (codes.length > 0 && codes[0]! <= position) {
      if (!once(codes.shift()!)) return;
    }
    if (at === -1 || !once(position)) return;
    // On to the next product: one match is enough.
    from = index.starts[position + 1] ?? index.text.length;
  }
}

function toPosProduct(product: SyncProduct, pending: Map<string, number>): PosProduct {
  const { is_active: _active, category_id: _category, ...pos } = product;
  // Sales still in the outbox took their units already, though the server does not know it yet.
  return { ...pos, stock_quantity: Math.max(0, pos.stock_quantity - (pending.get(product.id) ?? 0)) };
}

/**
 * Gathers one page of the grid from products handed to `take` in the grid's order, keeping those active, in
 * the category and in stock (after the outbox's sales); `take` answers false once the page is full and one more
 * has shown that more follow.
 */
function pageGatherer(
  filters: Pick<LocalFilters, 'categoryId'>,
  pending: Map<string, number>,
  offset: number,
  limit: number,
) {
  const products: PosProduct[] = [];
  let skipped = 0;
  let hasMore = false;
  return {
    take(candidate: SyncProduct): boolean {
      if (!candidate.is_active) return true;
      if (filters.categoryId && candidate.category_id !== filters.categoryId) return true;
      const product = toPosProduct(candidate, pending);
      if (product.stock_quantity <= 0) return true;
      if (skipped < offset) skipped++;
      else if (products.length === limit) hasMore = true;
      else products.push(product);
      return !hasMore;
    },
    page(): PosProductsResponse {
      return { products, has_more: hasMore };
    },
  };
}

/**
 * Whether a product matches a search as `catalogPage` matches it, one product at a time: text in its name or
 * description (any case), or its barcode or SKU exactly. For pages read before the copy is arranged.
 */
function matchesSearch(search: string): (product: SyncProduct) => boolean {
  const code = search.trim();
  if (!code) return () => true;
  const text = code.toLowerCase();
  return (product) =>
    product.barcode === code ||
    product.sku === code ||
    (!text.includes(SEPARATOR) &&
      (product.name.toLowerCase().includes(text) ||
        (product.description ?? '').toLowerCase().includes(text)));
}

/**
 * `pageGatherer` for products that are handed over in the grid's order but not arranged (straight from the
 * copy's name index): the search is tested on each, as `catalogPage` finds it in the arranged text.
 */
export function unarrangedPage(
  filters: LocalFilters,
  pending: Map<string, number>,
  offset: number,
  limit: number,
) {
  const gatherer = pageGatherer(filters, pending, offset, limit);
  const matches = matchesSearch(filters.search);
  return {
    take: (candidate: SyncProduct): boolean => !matches(candidate) || gatherer.take(candidate),
    page: gatherer.page,
  };
}

/**
 * One page of the till's grid: in stock (after the outbox's sales), in the category, matching the search (an
 * exact barcode or SKU, or text in the name or description), by name; the server's page shape.
 */
export function catalogPage(
  index: CatalogIndex,
  filters: LocalFilters,
  pending: Map<string, number>,
  offset: number,
  limit: number,
): PosProductsResponse {
  const gatherer = pageGatherer(filters, pending, offset, limit);
  const take = (position: number) => gatherer.take(index.listed[position]!);
  const search = filters.search.trim();
  if (search) eachMatch(index, search, take);
  else if (filters.categoryId) (index.byCategory.get(filters.categoryId) ?? []).every(take);
  else index.listed.every((product) => gatherer.take(product));
  return gatherer.page();
}

/** A scanned or typed code: barcode or SKU exactly, active, any stock (barcode first). */
export function productByCode(
  index: CatalogIndex,
  code: string,
  pending: Map<string, number>,
): PosProduct | null {
  const position = index.byBarcode.get(code) ?? index.bySku.get(code);
  const found = position === undefined ? undefined : index.listed[position];
  return found ? toPosProduct(found, pending) : null;
}
