import { type SQL, sql } from 'drizzle-orm';

// Where a write of a product is found. Every write stamps a row with its transaction's id (xid8), but not one
// row: a change of anything but the stock stamps the product (products.sync_xid), and a change of stock stamps
// the ledger row written with it (stock_movements.sync_xid) — the product row is then updated in place
// (migration 0200). A till's sync asks both, here; the product cards ask them apart (catalog-figures.ts).

/** The ids of the business's products written by a transaction at or after `cursor` (an xid8), as a subquery. */
export function productsWrittenSince(businessId: string, cursor: string): SQL {
  return sql`(select p.id from products p where p.business_id = ${businessId} and p.sync_xid >= ${cursor}::xid8
    union
    select m.product_id from stock_movements m where m.business_id = ${businessId} and m.sync_xid >= ${cursor}::xid8)`;
}
