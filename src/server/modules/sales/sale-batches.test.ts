import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { products, stockMovements, transactionItems, transactions } from '../../db/schema/index.ts';
import { actorOf, createBusiness, createProduct, createUser } from '../../testing/factories.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { createSaleWithRetry } from './create-sale.ts';
import { type SaleBatches, saleBatches } from './sale-batches.ts';
import { saleProductHints } from './sale-product-hints.ts';

// Checkouts of products the server read before go to the business's batched writes (sale-batches.ts): those
// that come in together share one statement and one transaction, and none of them may come out different for
// it. On PGlite (the default) and on PostgreSQL (TEST_DATABASE_URL).

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

type Product = Awaited<ReturnType<typeof createProduct>>;

/** A shop whose checkouts go through the route's hints and batched writes; `written` counts the sales sent to them. */
async function shopWith(stock: number[]) {
  const business = await createBusiness(database.db);
  const cashier = await createUser(database.db, business.id, { role: 'cashier' });
  const shelf = await Promise.all(
    stock.map((stockQuantity, index) =>
      createProduct(database.db, business.id, {
        name: `Item ${index}`,
        price: 500,
        taxRate: '0',
        stockQuantity,
      }),
    ),
  );
  const hints = saleProductHints(100);
  const batches = saleBatches(database.db, hints);
  let written = 0;
  const counted: SaleBatches = {
    write(sale) {
      written++;
      return batches.write(sale);
    },
  };
  const sell = (lines: [Product, number][], idempotencyKey: string = crypto.randomUUID()) => {
    const total = lines.reduce((sum, [product, quantity]) => sum + product.price * quantity, 0);
    return createSaleWithRetry(database.db, {
      businessId: business.id,
      actor: actorOf(cashier),
      input: {
        sale: {
          items: lines.map(([product, quantity]) => ({ product_id: product.id, quantity })),
          notes: undefined,
          payments: [
            { method: 'cash', amount: total, amount_tendered: total, reference: undefined, phone: undefined },
          ],
        },
        idempotencyKey,
        now: new Date(),
        hinted: { hints, batches: counted },
      },
    });
  };
  // Each product sold once the usual way, which reads it: from then on this server holds it as a hint.
  for (const product of shelf) await sell([[product, 1]]);
  return { shelf, sell, written: () => written };
}

const stockOf = async (productId: string) =>
  (await database.db.select().from(products).where(eq(products.id, productId)))[0]?.stockQuantity;

/** The transaction each sale was written in (its row's xmin). */
async function writtenIn(saleIds: string[]): Promise<Set<string>> {
  const rows = await database.db
    .select({ xmin: sql<string>`xmin::text` })
    .from(transactions)
    .where(inArray(transactions.id, saleIds));
  return new Set(rows.map((row) => row.xmin));
}

describe('checkouts written together', () => {
  it('share one transaction, each with its own items, stock and ledger', async () => {
    const { shelf, sell, written } = await shopWith([20, 20, 20, 20, 20, 20]);
    const before = written();
    const sales = await Promise.all(shelf.map((product, index) => sell([[product, index + 1]])));
    expect(written() - before).toBe(6);
    const ids = sales.map(({ record }) => record.transaction.id);
    expect((await writtenIn(ids)).size).toBeLessThan(6);
    for (const [index, product] of shelf.entries()) {
      const sold = index + 1;
      expect(await stockOf(product.id)).toBe(20 - 1 - sold);
      const sale = sales[index]!.record.transaction;
      expect(sale.totalAmount).toBe(500 * sold);
      const items = await database.db
        .select()
        .from(transactionItems)
        .where(eq(transactionItems.transactionId, sale.id));
      expect(items.map((item) => [item.productId, item.quantity])).toEqual([[product.id, sold]]);
      const ledger = await database.db
        .select()
        .from(stockMovements)
        .where(eq(stockMovements.referenceId, sale.id));
      expect(ledger.map((row) => [row.productId, row.delta, row.quantityAfter])).toEqual([
        [product.id, -sold, 20 - 1 - sold],
      ]);
    }
  });

  it('take one product together while their sum is in stock: it moves once, and the ledger follows each sale', async () => {
    const { shelf, sell } = await shopWith([30]);
    const product = shelf[0]!;
    const sales = await Promise.all([sell([[product, 1]]), sell([[product, 2]]), sell([[product, 3]])]);
    const ids = sales.map(({ record }) => record.transaction.id);
    expect((await writtenIn(ids)).size).toBe(1);
    expect(await stockOf(product.id)).toBe(30 - 1 - 6);
    const ledger = await database.db
      .select()
      .from(stockMovements)
      .where(inArray(stockMovements.referenceId, ids));
    expect(ledger.map((row) => row.delta).sort()).toEqual([-1, -2, -3]);
    // Each row's stock after is the one before it less the row's own units, from 29 down to 23.
    const steps = ledger
      .map((row) => [row.quantityAfter - row.delta, row.quantityAfter])
      .sort((a, b) => b[0]! - a[0]!);
    expect(steps[0]![0]).toBe(29);
    for (let index = 1; index < steps.length; index++) expect(steps[index]![0]).toBe(steps[index - 1]![1]);
    expect(steps.at(-1)![1]).toBe(23);
  });

  it('never take a product past its stock together: the sale that would waits for the next write, and is refused', async () => {
    const { shelf, sell } = await shopWith([6, 10]);
    const [scarce, plenty] = shelf as [Product, Product];
    const [first, second, other] = await Promise.allSettled([
      sell([[scarce, 3]]),
      sell([[scarce, 3]]),
      sell([[plenty, 1]]),
    ]);
    if (first.status !== 'fulfilled' || other.status !== 'fulfilled') throw new Error('Both should be sold');
    // Written together: the write did not fail for the scarce product (which would make each again alone).
    const ids = [first.value.record.transaction.id, other.value.record.transaction.id];
    expect((await writtenIn(ids)).size).toBe(1);
    expect(second).toMatchObject({
      status: 'rejected',
      reason: { code: 'INSUFFICIENT_STOCK', fields: { 'items.0.quantity': 'Only 2 units available.' } },
    });
    expect(await stockOf(scarce.id)).toBe(2);
    expect(await stockOf(plenty.id)).toBe(8);
  });

  it('are made again alone when one of them fails: each comes out as it would have alone', async () => {
    const { shelf, sell } = await shopWith([10, 10, 10]);
    const [renamed, second, third] = shelf as [Product, Product, Product];
    // Renamed since this server read it: a sale written at the old name fails the whole write.
    await database.db.update(products).set({ name: 'Item 0 (new label)' }).where(eq(products.id, renamed.id));
    const sales = await Promise.all([sell([[renamed, 2]]), sell([[second, 3]]), sell([[third, 4]])]);
    expect(sales.map(({ record }) => record.items.map((item) => item.productName))).toEqual([
      ['Item 0 (new label)'],
      ['Item 1'],
      ['Item 2'],
    ]);
    expect([await stockOf(renamed.id), await stockOf(second.id), await stockOf(third.id)]).toEqual([7, 6, 5]);
    const ids = sales.map(({ record }) => record.transaction.id);
    const saved = await database.db.select().from(transactions).where(inArray(transactions.id, ids));
    expect(saved).toHaveLength(3);
  });

  it('hold the stock each write left: a sale that would take more goes the usual way and is refused', async () => {
    const { shelf, sell, written } = await shopWith([6]);
    const product = shelf[0]!;
    await sell([[product, 2]]);
    const before = written();
    await expect(sell([[product, 4]])).rejects.toMatchObject({
      code: 'INSUFFICIENT_STOCK',
      fields: { 'items.0.quantity': 'Only 3 units available.' },
    });
    expect(written()).toBe(before);
    expect(await stockOf(product.id)).toBe(3);
  });

  it('answer a retried checkout with its first sale, whichever write each of the two reached', async () => {
    const { shelf, sell } = await shopWith([10, 10]);
    const key = crypto.randomUUID();
    const [first, again, other] = await Promise.all([
      sell([[shelf[0]!, 2]], key),
      sell([[shelf[0]!, 2]], key),
      sell([[shelf[1]!, 1]]),
    ]);
    expect(again.record.transaction.id).toBe(first.record.transaction.id);
    expect([first.isReplay, again.isReplay].sort()).toEqual([false, true]);
    expect(await stockOf(shelf[0]!.id)).toBe(7);
    expect(await stockOf(shelf[1]!.id)).toBe(8);
    expect(other.isReplay).toBe(false);
  });
});
