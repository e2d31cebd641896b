import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { products, stockMovements } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import { createBusiness, createProduct } from '../../testing/factories.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { runStockStatement, type SaleTake, saleStockStatement } from './stock-ledger.ts';

// Several sales written together take one product in one statement (sale-batches.ts): it moves once, and the
// ledger still tells each sale's own story.

describe('sales taking one product in one statement', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  async function shelfOf(stockQuantity: number) {
    const business = await createBusiness(database.db);
    const product = await createProduct(database.db, business.id, { price: 700, stockQuantity });
    const [stamp] = await database.query<{ version: string }>(
      'select sync_xid::text as version from products where id = $1',
      [product.id],
    );
    const take = (quantity: number, at: Date): SaleTake => ({
      productId: product.id,
      quantity,
      price: 700,
      taxRate: product.taxRate,
      version: stamp!.version,
      referenceId: randomUUID(),
      userId: null,
      at,
    });
    return { business, product, take };
  }

  it('move it once by their sum, each ledger row with the stock its sale left, in the order of their times', async () => {
    const { business, product, take } = await shelfOf(20);
    const first = new Date('2026-11-29T09:00:00.000Z');
    const second = new Date('2026-11-29T09:00:00.004Z');
    const third = new Date('2026-11-29T09:00:00.009Z');
    // Handed over out of order: the ledger follows the sales' times, not the order of the list.
    const takes = [take(3, second), take(5, third), take(2, first)];
    await withTenant(database.db, business.id, (tx) =>
      runStockStatement(tx, saleStockStatement(business.id, takes)),
    );
    const [row] = await database.db.select().from(products).where(eq(products.id, product.id));
    expect(row?.stockQuantity).toBe(10);
    const ledger = await database.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, product.id));
    const bySale = new Map(ledger.map((movement) => [movement.referenceId, movement]));
    expect(
      takes.map((t) => [bySale.get(t.referenceId)?.delta, bySale.get(t.referenceId)?.quantityAfter]),
    ).toEqual([
      [-3, 15],
      [-5, 10],
      [-2, 18],
    ]);
  });

  it('refuse them priced at two readings of it: one statement checks one', async () => {
    const { business, take } = await shelfOf(20);
    const at = new Date();
    const repriced = { ...take(1, at), price: 800 };
    expect(() => saleStockStatement(business.id, [take(1, at), repriced])).toThrow(
      'Takes of one product in one statement are priced at one reading of it',
    );
  });
});
