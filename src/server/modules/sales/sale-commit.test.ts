import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { products, stockMovements, transactionItems, transactions } from '../../db/schema/index.ts';
import { actorOf, createBusiness, createProduct, createUser } from '../../testing/factories.ts';
import { recordSentStatements, roundTrips } from '../../testing/sent-statements.ts';
import { createTestDatabase, postgresServerUrl } from '../../testing/test-database.ts';
import { type CreateSaleInput, createSaleWithRetry } from './create-sale.ts';
import { saleBatches } from './sale-batches.ts';
import { saleProductHints } from './sale-product-hints.ts';

// On PostgreSQL a plain sale's COMMIT travels with its write: the write holds every check of the sale (a product
// changed since it was read fails the statement), so the COMMIT is sent without waiting for its answer.

let database: Database & { url?: string };
beforeAll(async () => {
  database = await createTestDatabase(postgresServerUrl());
});
afterAll(() => database.close());

async function shopWithProduct(price: number, hinted?: CreateSaleInput['hinted'], ofBusiness?: string) {
  const business = ofBusiness ? { id: ofBusiness } : await createBusiness(database.db);
  const cashier = await createUser(database.db, business.id, { role: 'cashier' });
  const product = await createProduct(database.db, business.id, { price, taxRate: '0', stockQuantity: 10 });
  const sell = (quantity: number, idempotencyKey: string = crypto.randomUUID()) =>
    createSaleWithRetry(database.db, {
      businessId: business.id,
      actor: actorOf(cashier),
      input: {
        sale: {
          items: [{ product_id: product.id, quantity }],
          notes: undefined,
          payments: [
            {
              method: 'cash',
              amount: price * quantity,
              amount_tendered: price * quantity * 2,
              reference: undefined,
              phone: undefined,
            },
          ],
        },
        idempotencyKey,
        now: new Date(),
        hinted,
      },
    });
  return { business, product, sell };
}

/** What the checkout route gives a sale: this server's product hints and its batched writes. */
const hintedWrites = () => {
  const hints = saleProductHints(100);
  return { hints, batches: saleBatches(database.db, hints) };
};

const stockOf = async (productId: string) =>
  (await database.db.select().from(products).where(eq(products.id, productId)))[0]?.stockQuantity;

describe('a sale on PostgreSQL', () => {
  it('sends its COMMIT with its write, in two round trips in all', async () => {
    const { product, sell } = await shopWithProduct(500);
    const sent = recordSentStatements();
    const { record } = await sell(2);
    const write = sent.find((statement) => statement.name.startsWith('sale_write_'));
    const commit = sent.find((statement) => statement.text === 'commit');
    expect(write).toBeDefined();
    expect(commit?.answered).toBe(write?.answered);
    expect(roundTrips(sent)).toBe(2);
    // Committed: another connection sees the sale and its stock.
    const [saved] = await database.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, record.transaction.id));
    expect(saved?.totalAmount).toBe(1000);
    expect(await stockOf(product.id)).toBe(8);
  });

  it('of products this server read for an earlier sale: claim, stock, sale and COMMIT in one round trip', async () => {
    const { product, sell } = await shopWithProduct(500, hintedWrites());
    await sell(1);
    const sent = recordSentStatements();
    const { record } = await sell(2);
    expect(sent.some((statement) => statement.name.startsWith('sale_claim_'))).toBe(false);
    expect(roundTrips(sent)).toBe(1);
    const [saved] = await database.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, record.transaction.id));
    expect(saved?.totalAmount).toBe(1000);
    expect(await stockOf(product.id)).toBe(7);
  });

  it('of hinted products, retried with its key while the first is still being written, answers the first', async () => {
    const { product, sell } = await shopWithProduct(500, hintedWrites());
    await sell(1);
    const key = crypto.randomUUID();
    const [first, again] = await Promise.all([sell(2, key), sell(2, key)]);
    expect(again.record.transaction.id).toBe(first.record.transaction.id);
    expect([first.isReplay, again.isReplay].sort()).toEqual([false, true]);
    expect(await stockOf(product.id)).toBe(7);
  });

  it("of hinted products, held up by a row another transaction holds, does not hold up the shop's next sale", async () => {
    const hinted = hintedWrites();
    const held = await shopWithProduct(500, hinted);
    await held.sell(1);
    const free = await shopWithProduct(500, hinted, held.business.id);
    await free.sell(1);
    const manager = new pg.Client({ connectionString: database.url });
    await manager.connect();
    try {
      // A stock count still open on the first product: its sale's write waits for the row.
      await manager.query('BEGIN');
      await manager.query('SELECT 1 FROM products WHERE id = $1 FOR UPDATE', [held.product.id]);
      const waiting = held.sell(2);
      waiting.catch(() => {});
      await waitForALockWait();
      const next = await free.sell(3);
      expect(next.record.transaction.totalAmount).toBe(1500);
      expect(await stockOf(free.product.id)).toBe(6);
      await manager.query('COMMIT');
      expect((await waiting).record.transaction.totalAmount).toBe(1000);
      expect(await stockOf(held.product.id)).toBe(7);
    } finally {
      await manager.end();
    }
  });

  it('whose stock ran short between its read and its write is undone whole, made again locked, and refused', async () => {
    const { product, sell } = await shopWithProduct(500);
    const manager = new pg.Client({ connectionString: database.url });
    await manager.connect();
    let sale: ReturnType<typeof sell> | undefined;
    try {
      // A stock count in a transaction still open: the sale reads 10 in stock, then its write waits for the row
      // and finds 2 once the count commits, and moves nothing.
      await manager.query('BEGIN');
      await manager.query('UPDATE products SET stock_quantity = 2 WHERE id = $1', [product.id]);
      sale = sell(3);
      sale.catch(() => {});
      await waitForALockWait();
      await manager.query('COMMIT');
    } finally {
      await manager.end();
    }
    await expect(sale).rejects.toMatchObject({
      code: 'INSUFFICIENT_STOCK',
      fields: { 'items.0.quantity': 'Only 2 units available.' },
    });
    expect(await stockOf(product.id)).toBe(2);
    expect(
      await database.db.select().from(transactionItems).where(eq(transactionItems.productId, product.id)),
    ).toEqual([]);
    const ledger = await database.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, product.id));
    expect(ledger.filter((row) => row.reason === 'sale')).toEqual([]);
    // The connection that carried the undone write is clean for the next sale.
    const next = await shopWithProduct(200);
    await next.sell(1);
    expect(await stockOf(next.product.id)).toBe(9);
  });
});

/** Until some statement of this database waits for a row lock (the sale's write, behind the open change). */
async function waitForALockWait(): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const [row] = await database.query<{ waiting: number }>(
      `select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (Number(row?.waiting) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('No statement waited for the row lock');
}
