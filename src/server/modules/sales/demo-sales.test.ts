import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import {
  businesses,
  payments,
  stockMovements,
  transactionItems,
  transactions,
} from '../../db/schema/index.ts';
import { seedDemo } from '../../demo/seed-demo.ts';
import { createTestDatabase } from '../../testing/test-database.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database);
});
afterAll(() => database.close());

describe('demo sales', () => {
  it('gives the Demo Shop a history of completed cash sales whose stock movements and sums agree', async () => {
    const [demo] = await database.db.select().from(businesses).where(eq(businesses.slug, 'demo'));
    const sales = await database.db.select().from(transactions).where(eq(transactions.businessId, demo!.id));
    expect(sales).toHaveLength(10);
    const items = await database.db
      .select()
      .from(transactionItems)
      .where(eq(transactionItems.businessId, demo!.id));
    const movements = await database.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.businessId, demo!.id));
    const tenders = await database.db.select().from(payments).where(eq(payments.businessId, demo!.id));
    for (const sale of sales) {
      expect(sale.paymentStatus).toBe('completed');
      expect(sale.receiptNumber).toMatch(/^RCP-\d+-[A-Z0-9]{6}$/);
      const lines = items.filter((item) => item.transactionId === sale.id);
      expect(lines.length).toBeGreaterThan(0);
      expect(sale.subtotal).toBe(lines.reduce((sum, line) => sum + line.totalPrice, 0));
      expect(sale.taxAmount).toBe(lines.reduce((sum, line) => sum + line.taxAmount, 0));
      expect(sale.totalAmount).toBe(sale.subtotal + sale.taxAmount - sale.discountAmount);
      const paid = tenders.filter((p) => p.transactionId === sale.id);
      expect(paid.reduce((sum, p) => sum + p.amount, 0)).toBe(sale.totalAmount);
      const moved = movements.filter((m) => m.referenceId === sale.id);
      expect(moved.map((m) => m.delta).sort()).toEqual(lines.map((line) => -line.quantity).sort());
      expect(sale.createdAt.getTime()).toBeLessThan(Date.now());
    }
  });
});
