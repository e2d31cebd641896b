import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createBusiness, createProduct, createUser } from '../../testing/factories.ts';
import { createTestDatabase } from '../../testing/test-database.ts';

// A sale's rows point at their business through their parent (migration 0210): no key of theirs reaches the
// business's row, which every till of a shop would otherwise lock with each line; and a line or a ledger row
// can name only a product of its own business.

describe("a sale's keys", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('reach the business only through the sale and the product', async () => {
    const keys = await database.query<{ table: string; key: string }>(
      `select conrelid::regclass::text as table, pg_get_constraintdef(oid) as key
         from pg_constraint
        where contype = 'f'
          and conrelid::regclass::text in ('transaction_items', 'payments', 'sale_idempotency_keys', 'stock_movements')
          and confrelid = 'businesses'::regclass`,
    );
    expect(keys).toEqual([]);
  });

  it("refuse a line or a ledger row naming another business's product", async () => {
    const shop = await createBusiness(database.db);
    const other = await createBusiness(database.db);
    const cashier = await createUser(database.db, shop.id, { role: 'cashier' });
    const theirs = await createProduct(database.db, other.id);
    const sale = crypto.randomUUID();
    await database.query(
      `insert into transactions (id, business_id, receipt_number, payment_method, payment_status, cashier_id,
         subtotal, tax_amount, total_amount)
       values ($1, $2, 'TX-KEYS01', 'cash', 'completed', $3, 100, 0, 100)`,
      [sale, shop.id, cashier.id],
    );
    await expect(
      database.query(
        `insert into transaction_items (business_id, transaction_id, product_id, product_name, quantity, unit_price,
           tax_rate, tax_amount, total_price)
         values ($1, $2, $3, 'Not ours', 1, 100, 0, 0, 100)`,
        [shop.id, sale, theirs.id],
      ),
    ).rejects.toThrow(/transaction_items_product_fkey/);
    await expect(
      database.query(
        `insert into stock_movements (business_id, product_id, delta, quantity_after, reason)
         values ($1, $2, -1, 0, 'sale')`,
        [shop.id, theirs.id],
      ),
    ).rejects.toThrow(/stock_movements_product_fkey/);
  });
});
