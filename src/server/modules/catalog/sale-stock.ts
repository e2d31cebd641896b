import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  type LockedProduct,
  lockProducts,
  moveStock,
  moveStockStatement,
  runStockStatement,
  type SaleTake,
  type StockMovement,
  type StockStatement,
  saleStockStatement,
} from './stock-ledger.ts';

// What a sale, a refund and a void do to stock, through the one stock rule (stock-ledger.ts).

export type SaleLine = { productId: string; quantity: number };

/** A product as the sale found it, locked: the price, tax rate and name the sale is made at. */
export type StockedProduct = {
  name: string;
  price: number;
  cost: number;
  taxRate: string;
  stockAfter: number;
};

/** What a sale copies of a locked product onto its line, online and offline alike. */
function stockedProduct(product: LockedProduct, stockAfter: number): StockedProduct {
  return {
    name: product.name,
    price: product.price,
    cost: product.cost,
    taxRate: product.taxRate,
    stockAfter,
  };
}

/** Why a sale cannot take its stock; `index` is the line's place in the sale. Expected, so a value. */
export type TakeStockProblem =
  | { code: 'PRODUCT_NOT_FOUND'; index: number }
  | { code: 'INSUFFICIENT_STOCK'; index: number; available: number };

/**
 * Takes a sale's lines out of stock: locks the products in id order, checks each is an active product of the
 * business with the quantity, then moves the stock and writes the ledger ('sale') in one statement.
 * Each product may appear once (the sale checks that first).
 */
export async function takeStockForSale(
  tx: Tx,
  businessId: string,
  lines: SaleLine[],
  sale: { referenceId: string; userId: string; at: Date },
): Promise<
  { stocked: Map<string, StockedProduct>; problem?: never } | { problem: TakeStockProblem; stocked?: never }
> {
  const reserved = await reserveStockForSale(tx, businessId, lines, sale);
  if (reserved.problem) return { problem: reserved.problem };
  await runStockStatement(tx, reserved.write);
  return { stocked: reserved.stocked };
}

/**
 * The stock write of a sale, to run in the sale's own statement (see planSaleStock): its common table
 * expressions (`locked`, `moved`, `ledger`) and `allMoved` in its select list.
 */
export type SaleStockWrite = StockStatement;

/** The products a sale names, as they are now (no lock), as a json array for a caller's own statement. */
export function saleProductsJson(businessId: string, productIds: string[]): SQL {
  return sql`(select coalesce(json_agg(json_build_object('id', p.id, 'name', p.name, 'price', p.price,
      'cost', p.cost_price, 'taxRate', p.tax_rate::text, 'stock', p.stock_quantity, 'isActive', p.is_active,
      'version', p.sync_xid::text)), '[]')
    from products as p where p.business_id = ${businessId} and p.id = any(${sql.param(productIds)}::uuid[]))`;
}

/** saleProductsJson's answer, by id. */
export function readSaleProducts(json: unknown): Map<string, LockedProduct> {
  const rows = (typeof json === 'string' ? JSON.parse(json) : json) as LockedProduct[];
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * A sale's stock from its products as read (by saleProductsJson, or locked): checks each line is an active
 * product of the business with the quantity, and gives back the stock write as part of a statement, so that
 * the checkout writes stock, ledger and sale in ONE round trip. Products read without a lock are checked again
 * by that write (saleStockStatement): one that changed meanwhile makes the write fail with StockChangedError.
 */
export function planSaleStock(
  businessId: string,
  lines: SaleLine[],
  products: Map<string, LockedProduct>,
  sale: { referenceId: string; userId: string; at: Date },
):
  | { stocked: Map<string, StockedProduct>; takes: SaleTake[]; write: SaleStockWrite; problem?: never }
  | { problem: TakeStockProblem; stocked?: never; takes?: never; write?: never } {
  for (const [index, line] of lines.entries()) {
    if (!products.get(line.productId)?.isActive) return { problem: { code: 'PRODUCT_NOT_FOUND', index } };
  }
  for (const [index, line] of lines.entries()) {
    const available = products.get(line.productId)!.stock;
    if (available < line.quantity) return { problem: { code: 'INSUFFICIENT_STOCK', index, available } };
  }
  const stocked = new Map<string, StockedProduct>();
  for (const line of lines) {
    const product = products.get(line.productId)!;
    stocked.set(line.productId, stockedProduct(product, product.stock - line.quantity));
  }
  if (lines.length === 0) throw new Error('A sale has at least one line');
  const takes = lines.map((line): SaleTake => {
    const product = products.get(line.productId)!;
    return {
      productId: line.productId,
      quantity: line.quantity,
      price: product.price,
      taxRate: product.taxRate,
      version: product.version,
      referenceId: sale.referenceId,
      userId: sale.userId,
      at: sale.at,
    };
  });
  return { stocked, takes, write: saleStockStatement(businessId, takes) };
}

/** planSaleStock on the products locked first: their write cannot fail for a change meanwhile. */
export async function reserveStockForSale(
  tx: Tx,
  businessId: string,
  lines: SaleLine[],
  sale: { referenceId: string; userId: string; at: Date },
): Promise<ReturnType<typeof planSaleStock>> {
  const locked = await lockProducts(
    tx,
    businessId,
    lines.map((line) => line.productId),
  );
  return planSaleStock(businessId, lines, locked, sale);
}

export type ReturnLine = SaleLine & {
  /** Came back damaged: logged as returned, then written off, so it is not sold again. */
  isDamaged?: boolean;
};

/**
 * Gives a refunded or voided sale's lines back to stock (the product may have been deleted since: the units are
 * still the shop's). Damaged units are logged back and written off in the same statement. Lines of products
 * that no longer exist in the business are reported, not guessed at.
 */
export async function returnStock(
  tx: Tx,
  businessId: string,
  lines: ReturnLine[],
  change: {
    reason: 'refund' | 'void' | 'payment_failed';
    referenceId: string;
    userId: string | null;
    at: Date;
    note?: string | null;
  },
): Promise<{ missing: string[] }> {
  const locked = await lockProducts(tx, businessId, [...new Set(lines.map((line) => line.productId))]);
  const stock = new Map([...locked].map(([id, product]) => [id, product.stock]));
  const movements: StockMovement[] = [];
  const missing: string[] = [];
  for (const line of lines) {
    const current = stock.get(line.productId);
    if (current === undefined) {
      missing.push(line.productId);
      continue;
    }
    const back = current + line.quantity;
    movements.push({
      productId: line.productId,
      delta: line.quantity,
      quantityAfter: back,
      reason: change.reason,
    });
    if (line.isDamaged) {
      movements.push({
        productId: line.productId,
        delta: -line.quantity,
        quantityAfter: current,
        reason: 'write_off',
      });
    }
    stock.set(line.productId, line.isDamaged ? current : back);
  }
  await moveStock(tx, businessId, movements, change);
  return { missing };
}

/** A line of a sale made offline that found less stock than it sold (issue 15). */
export type OfflineShortfall = { index: number; productId: string; quantity: number; shortBy: number };

/**
 * The stock of a sale made offline, sent later: the customer has paid and gone, so the sale is recorded even
 * when stock ran short meanwhile (another till sold the last units). Each line takes what there is — stock stops
 * at 0, never below — and what it could not take is returned as the shortfall a manager must look at. A product
 * deactivated since is still the shop's product and is sold; one that is no product of the business is refused.
 */
export async function reserveStockForOfflineSale(
  tx: Tx,
  businessId: string,
  lines: SaleLine[],
  sale: { referenceId: string; userId: string; at: Date },
): Promise<
  | {
      stocked: Map<string, StockedProduct>;
      shortfalls: OfflineShortfall[];
      write: SaleStockWrite | undefined;
      problem?: never;
    }
  | { problem: TakeStockProblem; stocked?: never; shortfalls?: never; write?: never }
> {
  const locked = await lockProducts(
    tx,
    businessId,
    lines.map((line) => line.productId),
  );
  for (const [index, line] of lines.entries()) {
    if (!locked.has(line.productId)) return { problem: { code: 'PRODUCT_NOT_FOUND', index } };
  }
  const stocked = new Map<string, StockedProduct>();
  const shortfalls: OfflineShortfall[] = [];
  const movements: StockMovement[] = [];
  for (const [index, line] of lines.entries()) {
    const product = locked.get(line.productId)!;
    const take = Math.max(0, Math.min(line.quantity, product.stock));
    const stockAfter = product.stock - take;
    if (take < line.quantity) {
      shortfalls.push({
        index,
        productId: line.productId,
        quantity: line.quantity,
        shortBy: line.quantity - take,
      });
    }
    stocked.set(line.productId, stockedProduct(product, stockAfter));
    if (take > 0) {
      movements.push({ productId: line.productId, delta: -take, quantityAfter: stockAfter, reason: 'sale' });
    }
  }
  const statement = moveStockStatement(businessId, movements, {
    userId: sale.userId,
    referenceId: sale.referenceId,
    at: sale.at,
  });
  return {
    stocked,
    shortfalls,
    write: statement ?? undefined,
  };
}
