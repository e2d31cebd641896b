import { type SQL, sql } from 'drizzle-orm';
import type { ProductFilters, ProductSummary } from '#domain/schemas/catalog.ts';
import type { Tx } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { activeCategoriesCount } from './categories.ts';
import { snapshotColumns, unseenBy } from './figures-cache.ts';

/**
 * The cards of a search over a big catalog, counted in memory. In the database they visit every product the
 * search matches: a common word in 100,000 products is 14,000 rows on nearly every page of the table, 10 ms on
 * PostgreSQL and more on PGlite, for each search typed. A big shop's searchable columns (its search text,
 * category, price, minimum and stock) are kept here instead, one array each, and a search is one pass over
 * them: 1–3 ms for 100,000 products.
 *
 * They are kept exact as the kept figures are (figures-cache.ts): every write to a product stamps a row with its
 * transaction's id, and the mirror is kept with the snapshot it was read in. Each search first asks, in one
 * statement, for what that snapshot did not see: the products written since (read whole again) and the stock
 * moved since for the others (added to their stock). The same statement answers the categories' count, the
 * search lowered as the database lowers it (the mirror's text is the database's `search_text`, so a substring
 * of it is exactly what `search_text LIKE '%…%'` finds) and the products whose barcode or SKU is the search
 * (from their unique indexes). One search of a business at a time brings its mirror up to date, so that no
 * change is added twice.
 */

export type CatalogMirrors = {
  /** The cards of a search, or undefined when the business's catalog is not big enough to keep in memory. */
  searchFigures(
    tx: Tx,
    businessId: string,
    filters: ProductFilters & { search: string },
  ): Promise<ProductSummary | undefined>;
  /** How many products are kept in memory, over all businesses. */
  keptProducts(): number;
};

export type MirrorLimits = {
  /** Active products from which a catalog is kept in memory; below, the database counts it fast enough. */
  minProducts: number;
  /** Products kept in memory across all businesses; the least recently searched catalog goes first. */
  maxProducts: number;
  /** How long a catalog found too small (or too big) is left to the database before it is counted again (ms). */
  countAgainAfter: number;
};

/** A catalog's columns, one slot a product (an inactive product keeps its slot, unmatched). */
type Mirror = {
  slotOf: Map<string, number>;
  size: number;
  /** Every slot's search text, each followed by a NUL (which no text holds), for one search over them all. */
  joined: string;
  /** Where each slot's text starts in `joined`; slot `size` starts past the end. */
  starts: Int32Array;
  /** Texts read since `joined` was built, by slot: it is built again before the next search. */
  changedText: Map<number, string>;
  /** Each slot's category as a number (NO_CATEGORY for none): a number a category, not a string a product. */
  category: Int32Array;
  categoryNumbers: Map<string, number>;
  price: Int32Array;
  min: Int32Array;
  stock: Int32Array;
  active: Uint8Array;
  /** The snapshot the columns hold (pg_snapshot as text) and its xmin (xid8 as text). */
  snapshot: string;
  xmin: string;
  /** The search of this business in progress: the next waits for it. */
  turn: Promise<unknown>;
};

const NO_CATEGORY = -1;

type Meta = {
  snapshot: string;
  xmin: string;
  categories: string | number;
  lowered: string;
  /** The ids of the products whose barcode or SKU is the search, comma-separated. */
  codes: string | null;
};
type ProductRow = {
  id: string;
  text: string;
  category: string | null;
  price: number;
  min: number;
  stock: number;
  active: boolean;
};
type ChangeRow = Meta & { kind: 'product' | 'moved' | null } & Partial<ProductRow> & { delta?: number };
/** A whole catalog in one row, a column each: comma-separated, the texts as a JSON array. */
type CatalogRow = Meta & {
  ids: string | null;
  texts: string | null;
  categories_of: string | null;
  prices: string | null;
  mins: string | null;
  stocks: string | null;
};

export function catalogMirrors(limits: MirrorLimits): CatalogMirrors {
  // Least recently searched first (a Map keeps the order of insertion; a use moves a business to the end).
  const mirrors = new Map<string, Mirror>();
  const notKeptSince = new Map<string, number>();

  const keptProducts = () => {
    let count = 0;
    for (const mirror of mirrors.values()) count += mirror.size;
    return count;
  };

  async function load(tx: Tx, businessId: string, search: string): Promise<[Mirror, Meta] | undefined> {
    const [size] = await rows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from (select 1 from products
        where business_id = ${businessId} and is_active limit ${limits.maxProducts + 1}) p`,
    );
    const products = size?.n ?? 0;
    if (products < limits.minProducts || products > limits.maxProducts) return undefined;
    // A column each rather than a row each: 100,000 rows take PGlite 0.9 s to hand over, these 0.2 s. The
    // aggregates of one query read the same rows in the same order, so the n-th of each is one product's.
    const [row] = await rows<CatalogRow>(
      tx,
      withMeta(
        businessId,
        search,
        sql`select string_agg(p.id::text, ',') as ids, json_agg(p.search_text)::text as texts,
            string_agg(coalesce(p.category_id::text, ''), ',') as categories_of,
            string_agg(p.price::text, ',') as prices, string_agg(p.min_stock_level::text, ',') as mins,
            string_agg(p.stock_quantity::text, ',') as stocks
          from products p where p.business_id = ${businessId} and p.is_active`,
      ),
    );
    if (!row?.ids) return undefined;
    const ids = row.ids.split(',');
    const texts = JSON.parse(row.texts!) as string[];
    const categoriesOf = row.categories_of!.split(',');
    const prices = row.prices!.split(',');
    const mins = row.mins!.split(',');
    const stocks = row.stocks!.split(',');
    const mirror = emptyMirror(ids.length, row);
    // The texts are joined once, below, rather than kept as read one by one.
    for (let i = 0; i < ids.length; i++) {
      place(mirror, {
        id: ids[i]!,
        text: texts[i]!,
        category: categoriesOf[i] || null,
        price: Number(prices[i]),
        min: Number(mins[i]),
        stock: Number(stocks[i]),
        active: true,
      });
    }
    joinTexts(mirror, texts);
    return [mirror, row];
  }

  /** Puts a product's columns but its text in its slot (a new one for a new product); its slot, if it has one. */
  function place(mirror: Mirror, row: ProductRow): number | undefined {
    let slot = mirror.slotOf.get(row.id);
    if (slot === undefined) {
      if (!row.active) return undefined; // never kept, and not counted
      slot = mirror.size++;
      mirror.slotOf.set(row.id, slot);
      if (mirror.size > mirror.price.length) grow(mirror);
    }
    mirror.category[slot] = categoryNumber(mirror, row.category);
    mirror.price[slot] = row.price;
    mirror.min[slot] = row.min;
    mirror.stock[slot] = row.stock;
    mirror.active[slot] = row.active ? 1 : 0;
    return slot;
  }

  async function catchUp(tx: Tx, businessId: string, search: string, mirror: Mirror): Promise<Meta> {
    const found = await rows<ChangeRow>(
      tx,
      withMeta(
        businessId,
        search,
        sql`${productColumns} from products p
         where p.business_id = ${businessId} and ${unseenBy(sql`p.sync_xid`, mirror)}
        union all
        select 'moved', m.product_id, null, null, null, null, null, null, sum(m.delta)::int
          from stock_movements m
         where m.business_id = ${businessId} and ${unseenBy(sql`m.sync_xid`, mirror)}
         group by m.product_id`,
      ),
    );
    // A product read again has its stock as this statement sees it: its moves are in it already.
    const reread = new Set<string>();
    for (const row of found) {
      if (row.kind !== 'product') continue;
      const slot = place(mirror, row as ProductRow);
      if (slot !== undefined) mirror.changedText.set(slot, row.text!);
      reread.add(row.id!);
    }
    for (const row of found) {
      if (row.kind !== 'moved' || reread.has(row.id!)) continue;
      const slot = mirror.slotOf.get(row.id!);
      // A product not kept is inactive: its stock counts nowhere until a change makes it active (read whole).
      if (slot !== undefined) mirror.stock[slot]! += row.delta!;
    }
    const meta = found[0]!;
    mirror.snapshot = meta.snapshot;
    mirror.xmin = meta.xmin;
    return meta;
  }

  function count(mirror: Mirror, filters: ProductFilters, meta: Meta): ProductSummary {
    const codes: number[] = [];
    for (const id of meta.codes?.split(',') ?? []) {
      const slot = mirror.slotOf.get(id);
      if (slot !== undefined) codes.push(slot);
    }
    const category = filters.category_id
      ? (mirror.categoryNumbers.get(filters.category_id) ?? null)
      : NO_CATEGORY;
    const figures = tally(mirror, {
      category,
      lowOnly: filters.low_stock ?? false,
      lowered: meta.lowered,
      codes,
    });
    return { ...figures, categories_count: Number(meta.categories) };
  }

  return {
    keptProducts,
    async searchFigures(tx, businessId, filters) {
      const since = notKeptSince.get(businessId);
      if (since !== undefined && Date.now() - since < limits.countAgainAfter) return undefined;
      notKeptSince.delete(businessId);
      const kept = mirrors.get(businessId);
      if (!kept) {
        const loaded = await load(tx, businessId, filters.search);
        if (!loaded) {
          notKeptSince.set(businessId, Date.now());
          // Bounded: the oldest verdicts go first.
          if (notKeptSince.size > 10_000) notKeptSince.delete(notKeptSince.keys().next().value as string);
          return undefined;
        }
        const [mirror, meta] = loaded;
        // Another search of this business may have loaded it meanwhile: the first one stays.
        if (!mirrors.has(businessId)) {
          mirrors.set(businessId, mirror);
          while (keptProducts() > limits.maxProducts) mirrors.delete(mirrors.keys().next().value as string);
        }
        return count(mirror, filters, meta);
      }
      mirrors.delete(businessId);
      mirrors.set(businessId, kept);
      const turn = kept.turn.then(async () => {
        const meta = await catchUp(tx, businessId, filters.search, kept);
        return count(kept, filters, meta);
      });
      kept.turn = turn.catch(() => {});
      return turn;
    },
  };
}

function emptyMirror(capacity: number, meta: Meta): Mirror {
  return {
    slotOf: new Map(),
    size: 0,
    joined: '',
    starts: new Int32Array(1),
    changedText: new Map(),
    category: new Int32Array(capacity),
    categoryNumbers: new Map(),
    price: new Int32Array(capacity),
    min: new Int32Array(capacity),
    stock: new Int32Array(capacity),
    active: new Uint8Array(capacity),
    snapshot: meta.snapshot,
    xmin: meta.xmin,
    turn: Promise.resolve(),
  };
}

function categoryNumber(mirror: Mirror, id: string | null): number {
  if (id === null) return NO_CATEGORY;
  let number = mirror.categoryNumbers.get(id);
  if (number === undefined) {
    number = mirror.categoryNumbers.size;
    mirror.categoryNumbers.set(id, number);
  }
  return number;
}

function grow(mirror: Mirror): void {
  const capacity = Math.max(16, mirror.price.length * 2);
  const wider = <T extends Int32Array | Uint8Array>(column: T, make: (n: number) => T) => {
    const next = make(capacity);
    next.set(column);
    return next;
  };
  mirror.category = wider(mirror.category, (n) => new Int32Array(n));
  mirror.price = wider(mirror.price, (n) => new Int32Array(n));
  mirror.min = wider(mirror.min, (n) => new Int32Array(n));
  mirror.stock = wider(mirror.stock, (n) => new Int32Array(n));
  mirror.active = wider(mirror.active, (n) => new Uint8Array(n));
}

/** The joined texts, built again with the texts read since. */
function textOf(mirror: Mirror): { joined: string; starts: Int32Array } {
  const { changedText, joined, starts } = mirror;
  if (changedText.size > 0) {
    const texts: string[] = new Array(mirror.size);
    for (let slot = 0; slot < mirror.size; slot++) {
      texts[slot] = changedText.get(slot) ?? joined.slice(starts[slot], starts[slot + 1]! - 1);
    }
    joinTexts(mirror, texts);
  }
  return { joined: mirror.joined, starts: mirror.starts };
}

function joinTexts(mirror: Mirror, texts: string[]): void {
  const starts = new Int32Array(texts.length + 1);
  for (let slot = 0; slot < texts.length; slot++) starts[slot + 1] = starts[slot]! + texts[slot]!.length + 1;
  mirror.starts = starts;
  mirror.joined = `${texts.join('\0')}\0`;
  mirror.changedText.clear();
}

/** The slot whose text holds position `at` of the joined texts. */
function slotAt(starts: Int32Array, size: number, at: number): number {
  let low = 0;
  let high = size - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= at) low = middle;
    else high = middle - 1;
  }
  return low;
}

type Question = {
  /** The category's number, NO_CATEGORY for any, null for a category no kept product is in. */
  category: number | null;
  lowOnly: boolean;
  /** The search as the database lowers it. */
  lowered: string;
  /** The slots of the products whose barcode or SKU is the search. */
  codes: number[];
};

/** Σ over the matching products, in doubles, or in bigints (`exact`) when doubles would not be exact. */
function tally(mirror: Mirror, question: Question, exact = false): Omit<ProductSummary, 'categories_count'> {
  const figures = { total_products: 0, low_stock_count: 0, total_value: 0 };
  if (question.category === null) return figures;
  const { category, price, min, stock, active, size } = mirror;
  const { joined, starts } = textOf(mirror);
  const { lowOnly, lowered } = question;
  const any = question.category === NO_CATEGORY;
  let value = 0;
  let exactValue = 0n;
  const add = (slot: number) => {
    if (!active[slot] || (!any && category[slot] !== question.category)) return;
    const isLow = stock[slot]! <= min[slot]!;
    if (lowOnly && !isLow) return;
    figures.total_products++;
    if (isLow) figures.low_stock_count++;
    if (exact) exactValue += BigInt(price[slot]!) * BigInt(stock[slot]!);
    else value += price[slot]! * stock[slot]!;
  };
  // One search through every text: a match cannot run from one text into the next (no search holds a NUL), and
  // the next is looked for from the next text on (an empty search would otherwise be found past the end).
  for (let at = joined.indexOf(lowered); at >= 0 && at < joined.length; ) {
    const slot = slotAt(starts, size, at);
    add(slot);
    at = joined.indexOf(lowered, starts[slot + 1]!);
  }
  for (const slot of question.codes) {
    const text = joined.slice(starts[slot], starts[slot + 1]! - 1);
    if (!text.includes(lowered)) add(slot);
  }
  // Past 2^53 a sum of doubles is no longer exact: summed again as the database sums (bigint).
  if (!exact && value > Number.MAX_SAFE_INTEGER) return tally(mirror, question, true);
  figures.total_value = exact ? Number(exactValue) : value;
  return figures;
}

/** A product's columns as the mirror keeps them (the first branch of a union: it names them). */
const productColumns = sql`select 'product' as kind, p.id, p.search_text as text, p.category_id as category, p.price,
  p.min_stock_level as min, p.stock_quantity as stock, p.is_active as active, null::int as delta`;

/**
 * `found` beside what every search needs, in one statement and so one snapshot: the snapshot and its xmin, the
 * categories' count, the search lowered by the database and the products whose barcode or SKU is the search
 * (as product_summary_figures matches them). At least one row.
 */
function withMeta(businessId: string, search: string, found: SQL): SQL {
  return sql`select meta.*, found.* from (select ${snapshotColumns},
      ${activeCategoriesCount(businessId)} as categories,
      lower(${search}::text) as lowered,
      (select string_agg(p.id::text, ',') from products p
        where p.business_id = ${businessId} and p.is_active and (p.barcode = ${search} or p.sku = ${search})) as codes) meta
    left join (${found}) found on true`;
}
