import { type SQL, sql } from 'drizzle-orm';

// Where a write of a product is found. Every write stamps a row with its transaction's id (xid8), but not one
// row: a change of anything but the stock stamps the product (products.sync_xid), and a change of stock stamps
// the ledger row written with it (stock_movements.sync_xid) — the product row is then updated in place
// (migration 0200). Readers that ask "what changed since" ask both, here.

/** The id of the newest transaction that wrote any product of the business, or null. */
export function latestProductWrite(businessId: string): SQL {
  return sql`greatest(
    (select max(p.sync_xid) from products p where p.business_id = ${businessId}),
    (select max(m.sync_xid) from stock_movements m where m.business_id = ${businessId}))`;
}

/** The ids of the business's products written by a transaction at or after `cursor` (an xid8), as a subquery. */
export function productsWrittenSince(businessId: string, cursor: string): SQL {
  return sql`(select p.id from products p where p.business_id = ${businessId} and p.sync_xid >= ${cursor}::xid8
    union
    select m.product_id from stock_movements m where m.business_id = ${businessId} and m.sync_xid >= ${cursor}::xid8)`;
}
