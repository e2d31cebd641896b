import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { StockMovementReason } from '#domain/catalog/stock.ts';
import { arrayParam } from '../../db/array-param.ts';
import type { Tx } from '../../db/client.ts';
import { databaseError } from '../../db/database-errors.ts';
import { products, stockMovements } from '../../db/schema/index.ts';

// Every change of a product's stock goes through here: a sale takes it, a refund or void gives it back, a
// manual adjustment or an import sets it. The rule "stock never goes below zero" lives in `moveStock`: every
// change is made on locked rows, checked, and written with its ledger row in one statement. (The database's
// CHECK (stock_quantity >= 0) is only the last wall.) The ledger row is also the change's stamp: the product row
// is updated in place, unstamped, and a till's sync and the product cards find a change of stock by its ledger
// row (product-writes.ts) — a stock write without one would go unseen.

/** One movement of one product, as the ledger records it. */
export type StockMovement = {
  productId: string;
  /** Units added (positive) or taken (negative). */
  delta: number;
  quantityAfter: number;
  reason: StockMovementReason;
};

type MovementContext = {
  /** Who made the change; null for the system. */
  userId: string | null;
  /** The sale, refund or void that caused it. */
  referenceId?: string | null;
  note?: string | null;
  at: Date;
};

export type LockedProduct = {
  id: string;
  name: string;
  price: number;
  /** The cost price now, which a sale copies onto its lines (reports' cost of goods). */
  cost: number;
  taxRate: string;
  stock: number;
  isActive: boolean;
  /**
   * The product's stamp (sync_xid as text): it changes with every change of the product but its stock, so a
   * sale priced at a product read earlier moves its stock only while the product is still as it was read.
   */
  version: string | null;
};

/**
 * Locks the business's products in id order (so two transactions locking overlapping sets never deadlock) and
 * returns them by id; ids of another business or of no product are simply absent.
 */
export async function lockProducts(
  tx: Tx,
  businessId: string,
  ids: string[],
): Promise<Map<string, LockedProduct>> {
  const rows = await tx
    .select({
      id: products.id,
      name: products.name,
      price: products.price,
      cost: products.costPrice,
      taxRate: products.taxRate,
      stock: products.stockQuantity,
      isActive: products.isActive,
      version: sql<string | null>`${products}.sync_xid::text`,
    })
    .from(products)
    .where(and(eq(products.businessId, businessId), inArray(products.id, ids)))
    .orderBy(asc(products.id))
    .for('update');
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * THE stock rule: moves stock on rows the caller has locked (`lockProducts`), refusing any movement that would
 * leave a product below zero, and writes the ledger — all in ONE statement (a checkout's round trips count).
 * Movements of one product are applied in order; their deltas add up to its net change.
 */
export async function moveStock(
  tx: Tx,
  businessId: string,
  movements: StockMovement[],
  context: MovementContext,
): Promise<void> {
  const statement = moveStockStatement(businessId, movements, context);
  if (statement) await runStockStatement(tx, statement);
}

/** A stock write to put in front of a statement: its common table expressions and the check of its result. */
export type StockStatement = {
  /** Common table expressions (`moved`, `ledger`, …), first in the statement's WITH list. */
  ctes: SQL;
  /**
   * An expression for the statement's select list: the number of products moved, or the statement fails with
   * SQLSTATE SK001 unless every product it was to change moved (migration 0180). `stockChangedOr` maps that
   * failure to StockChangedError.
   */
  allMoved: SQL;
  /** For the select list: each product's stock after the write, as a json object by id (saleStockStatement's). */
  left?: SQL;
};

/** Runs a stock write as a statement of its own. */
export async function runStockStatement(tx: Tx, statement: StockStatement): Promise<void> {
  try {
    await tx.execute(sql`with ${statement.ctes} select ${statement.allMoved}`);
  } catch (error) {
    throw stockChangedOr(error);
  }
}

const allMoved = (expected: number) =>
  sql`all_stock_moved((select count(*)::int from moved), ${expected}::int)`;

/**
 * moveStock as common table expressions (`moved`, `ledger`) for a caller to put in front of its own
 * statement — a checkout writes the stock, its ledger and the sale in one round trip. The caller selects
 * `allMoved`. Null when there is nothing to move.
 */
export function moveStockStatement(
  businessId: string,
  movements: StockMovement[],
  context: MovementContext,
): StockStatement | null {
  if (movements.length === 0) return null;
  if (movements.some((movement) => movement.quantityAfter < 0)) {
    throw new Error('A stock movement would take stock below zero');
  }
  const net = new Map<string, number>();
  for (const movement of movements)
    net.set(movement.productId, (net.get(movement.productId) ?? 0) + movement.delta);
  const changed = [...net].filter(([, delta]) => delta !== 0);
  const at = context.at.toISOString();
  const ctes = sql`
    moved as (
      update products as p set stock_quantity = p.stock_quantity + n.delta, updated_at = ${at}::timestamptz
        from unnest(${arrayParam(changed, ([id]) => id)}::uuid[], ${arrayParam(changed, ([, delta]) => delta)}::int[])
          as n(id, delta)
       where p.id = n.id and p.business_id = ${businessId} and p.stock_quantity + n.delta >= 0
      returning p.id
    ), ledger as (
      insert into stock_movements (business_id, product_id, user_id, delta, quantity_after, reason, reference_id,
        note, created_at)
      select ${businessId}, m.product_id, ${context.userId}::uuid, m.delta, m.quantity_after, m.reason,
        ${context.referenceId ?? null}::uuid, ${context.note ?? null}, ${at}::timestamptz
      from unnest(${arrayParam(movements, (m) => m.productId)}::uuid[], ${arrayParam(movements, (m) => m.delta)}::int[],
        ${arrayParam(movements, (m) => m.quantityAfter)}::int[], ${arrayParam(movements, (m) => m.reason)}::text[])
        as m(product_id, delta, quantity_after, reason)
    )`;
  return { ctes, allMoved: allMoved(changed.length) };
}

/**
 * A sale's line as the sale priced it: the product as it was read (its stamp), the units it takes, and the sale
 * it is for (its ledger row's reference, user and time).
 */
export type SaleTake = {
  productId: string;
  quantity: number;
  price: number;
  taxRate: string;
  version: string | null;
  referenceId: string;
  userId: string | null;
  at: Date;
};

/**
 * Sales' stock taken in their own statement, as common table expressions (`locked`, `moved`, `ledger`), from
 * products read WITHOUT a lock beforehand: the rows are locked here, in id order (two sales never deadlock), and
 * each moves only while it is still active, at the price and tax rate the sales were priced at, with the units in
 * stock. The caller selects `allMoved`: fewer products moved than were taken means one changed meanwhile, the
 * statement fails, and the sales must be made again (StockChangedError) — so the locks are held only while the
 * sales are written, not while they are priced. A product is as it was read while its stamp is (`version`): its
 * name and cost, which a sale copies, included. Several sales written together may take the same product, priced
 * at the same reading of it (productTakes): it moves once, by their sum, and the ledger gives each take its own
 * row, with the stock it left in the order of the takes' times. `lockAfter`: a condition on the statement's
 * earlier parts that the products are locked after (a checkout's claim of its Idempotency-Key, so that every
 * checkout takes its key before its products, never the reverse).
 */
export function saleStockStatement(businessId: string, takes: SaleTake[], lockAfter?: SQL): StockStatement {
  const latest = new Date(Math.max(...takes.map((take) => take.at.getTime()))).toISOString();
  const taken = productTakes(takes);
  const product = (pick: (take: ProductTake) => unknown) => arrayParam(taken, pick);
  const row = (pick: (take: SaleTake) => unknown) => arrayParam(takes, pick);
  const ctes = sql`
    locked as (
      select p.id from products as p
       where p.business_id = ${businessId} and p.id = any(${product((t) => t.productId)}::uuid[])
         ${lockAfter ? sql`and ${lockAfter}` : sql``}
       order by p.id for update
    ), moved as (
      update products as p set stock_quantity = p.stock_quantity - n.quantity, updated_at = ${latest}::timestamptz
        from locked as l,
          unnest(${product((t) => t.productId)}::uuid[], ${product((t) => t.quantity)}::int[],
            ${product((t) => t.price)}::int[], ${product((t) => t.taxRate)}::numeric[],
            ${product((t) => t.version)}::text[])
          as n(id, quantity, price, tax_rate, version)
       where p.id = l.id and n.id = l.id and p.business_id = ${businessId} and p.is_active and p.price = n.price
         and p.tax_rate = n.tax_rate and p.sync_xid is not distinct from n.version::xid8
         and p.stock_quantity - n.quantity >= 0
      returning p.id, p.stock_quantity as quantity_after
    ), ledger as (
      insert into stock_movements (business_id, product_id, user_id, delta, quantity_after, reason, reference_id,
        created_at)
      select ${businessId}, m.id, t.user_id, -t.quantity, m.quantity_after + t.later, 'sale', t.reference_id, t.at
      from moved as m
        join unnest(${row((t) => t.productId)}::uuid[], ${row((t) => t.quantity)}::int[],
          ${sql.param(laterUnits(takes))}::int[], ${row((t) => t.referenceId)}::uuid[], ${row((t) => t.userId)}::uuid[],
          ${row((t) => t.at.toISOString())}::timestamptz[])
          as t(product_id, quantity, later, reference_id, user_id, at) on t.product_id = m.id
    )`;
  return {
    ctes,
    allMoved: allMoved(taken.length),
    left: sql`(select json_object_agg(id, quantity_after) from moved)`,
  };
}

/** What a statement takes of one product: the units of all its takes, at the one reading they were priced at. */
type ProductTake = Pick<SaleTake, 'productId' | 'quantity' | 'price' | 'taxRate' | 'version'>;

/** Whether two takes of one product were priced at the same reading of it, so one statement may make both. */
export function isSameReading(a: ProductTake, b: ProductTake): boolean {
  return a.price === b.price && a.taxRate === b.taxRate && a.version === b.version;
}

/** The takes summed by product, in the order each product is first taken. */
function productTakes(takes: SaleTake[]): ProductTake[] {
  const byProduct = new Map<string, ProductTake>();
  for (const take of takes) {
    const seen = byProduct.get(take.productId);
    if (!seen) {
      const { productId, quantity, price, taxRate, version } = take;
      byProduct.set(productId, { productId, quantity, price, taxRate, version });
    } else if (isSameReading(seen, take)) seen.quantity += take.quantity;
    else throw new Error('Takes of one product in one statement are priced at one reading of it');
  }
  return [...byProduct.values()];
}

/** For each take, the units that the takes after it (by time) take of its product in the same statement. */
function laterUnits(takes: SaleTake[]): number[] {
  const latestFirst = takes
    .map((_, index) => index)
    .sort((a, b) => takes[b]!.at.getTime() - takes[a]!.at.getTime() || b - a);
  const after = new Map<string, number>();
  const later: number[] = new Array(takes.length);
  for (const index of latestFirst) {
    const { productId, quantity } = takes[index]!;
    const units = after.get(productId) ?? 0;
    later[index] = units;
    after.set(productId, units + quantity);
  }
  return later;
}

/** A product a sale was priced at changed before its stock was taken (see saleStockStatement): make it again. */
export class StockChangedError extends Error {
  constructor() {
    super('A product of the sale changed while it was being made');
  }
}

/**
 * A stock statement's failure for a product that did not move (allMoved) as StockChangedError; any other
 * error as it was. On rows locked beforehand the check is the last wall against going below zero; after an
 * unlocked read (saleStockStatement) a product that changed meanwhile did not move.
 */
export function stockChangedOr(error: unknown): unknown {
  return databaseError(error, 'SK001') ? new StockChangedError() : error;
}

/** Ledger rows for stock written with the product row itself (a new product's opening stock, an import). */
export async function recordStockSet(
  tx: Tx,
  businessId: string,
  movements: StockMovement[],
  context: MovementContext,
): Promise<void> {
  if (movements.length === 0) return;
  await tx.insert(stockMovements).values(
    movements.map((movement) => ({
      businessId,
      productId: movement.productId,
      userId: context.userId,
      delta: movement.delta,
      quantityAfter: movement.quantityAfter,
      reason: movement.reason,
      referenceId: context.referenceId ?? null,
      note: context.note ?? null,
      createdAt: context.at,
    })),
  );
}
