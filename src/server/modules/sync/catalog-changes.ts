import { sql } from 'drizzle-orm';
import type { SyncCatalogResponse } from '#domain/schemas/sync.ts';
import type { Tx } from '../../db/client.ts';
import { productsWrittenSince } from '../catalog/index.ts';

// The catalog rows a till's copy lacks. Every write of a category or customer stamps the row with its
// transaction id (migration 0110), and every write of a product a row of its own or of its stock ledger
// (product-writes.ts). The cursor handed out is the oldest transaction still running when this one
// took its snapshot (pg_snapshot_xmin): every write this read could not see belongs to a transaction at or after
// it, so asking "sync_xid >= cursor" next time misses nothing, even a write that committed late. Rows seen now
// may come again next time; the till's copy is keyed by id, so that is harmless.

type Rows<T> = { rows: T[] };

const since = (cursor: string | undefined, table: string) =>
  cursor === undefined ? sql`true` : sql`${sql.raw(table)}.sync_xid >= ${cursor}::xid8`;

export async function catalogChanges(
  tx: Tx,
  businessId: string,
  cursor: string | undefined,
): Promise<SyncCatalogResponse> {
  // Read first in the transaction: the snapshot the queries below use is this one.
  const [horizon] = (
    (await tx.execute(
      sql`select pg_snapshot_xmin(pg_current_snapshot())::text as cursor`,
    )) as unknown as Rows<{ cursor: string }>
  ).rows;
  const products = (await tx.execute(sql`
    select p.id, p.name, p.description, p.price, p.tax_rate::float8 as tax_rate, p.stock_quantity,
      p.min_stock_level, p.barcode, p.sku, p.image_url, p.is_active, p.category_id,
      case when c.id is null then null else json_build_object('id', c.id, 'name', c.name) end as category
    from products p
    left join categories c on c.id = p.category_id and c.business_id = p.business_id and c.is_active
    where p.business_id = ${businessId}
      and ${cursor === undefined ? sql`true` : sql`p.id in ${productsWrittenSince(businessId, cursor)}`}
    order by p.name, p.id`)) as unknown as Rows<SyncCatalogResponse['products'][number]>;
  const categories = (await tx.execute(sql`
    select id, name, sort_order, is_active from categories c
    where c.business_id = ${businessId} and ${since(cursor, 'c')}
    order by sort_order, name`)) as unknown as Rows<SyncCatalogResponse['categories'][number]>;
  const customers = (await tx.execute(sql`
    select id, name, phone, email, is_active from customers c
    where c.business_id = ${businessId} and ${since(cursor, 'c')}
    order by name, id`)) as unknown as Rows<SyncCatalogResponse['customers'][number]>;
  return {
    cursor: horizon!.cursor,
    full: cursor === undefined,
    products: products.rows.map((row) => ({
      ...row,
      price: Number(row.price),
      tax_rate: Number(row.tax_rate),
      stock_quantity: Number(row.stock_quantity),
      min_stock_level: Number(row.min_stock_level),
    })),
    categories: categories.rows.map((row) => ({ ...row, sort_order: Number(row.sort_order) })),
    customers: customers.rows,
  };
}
