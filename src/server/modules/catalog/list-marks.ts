import { sql } from 'drizzle-orm';
import type { ProductCursor } from '#domain/schemas/catalog.ts';
import type { Tx } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { keptFigures, snapshotColumns } from './figures-cache.ts';

/**
 * Where a deep page of the whole catalog by name starts. A page by offset walks every product before it in the
 * name index: page 2,001 of 100,000 products is 48,000 entries, 10–15 ms, on every request. The position of every
 * 1,000th product is kept instead, per business, and a page at offset 48,000 starts after the 48,000th product
 * (its name and id, as a page by position does) with no offset at all.
 *
 * The order by name changes only with a write to a product (a name, a new product, a deletion), which stamps the
 * product's row; a sale's change of stock does not move anything. So the marks are kept with the snapshot they
 * were read in, as the cards' figures are (figures-cache.ts), and read again after any write to a product of the
 * business.
 */

/** Every this many products, the position is kept. */
const MARK_EVERY = 1_000;

/** The marks of up to this many businesses. */
const keptMarks = keptFigures<ProductCursor[]>(1_000);

export type PageStart = { after?: ProductCursor | undefined; offset: number };

/** The page of the whole active catalog by name at `offset`, as the nearest kept mark before it and the rest. */
export async function plainListStart(tx: Tx, businessId: string, offset: number): Promise<PageStart> {
  if (offset < MARK_EVERY) return { offset };
  const [state] = await rows<{ product: string | null }>(
    tx,
    sql`select max(p.sync_xid)::text as product from products p where p.business_id = ${businessId}`,
  );
  const found = keptMarks.get(businessId, {
    product: state?.product ? BigInt(state.product) : null,
    stock: null,
  });
  const marks = found?.kept.figures ?? (await readMarks(tx, businessId));
  const passed = Math.min(Math.floor(offset / MARK_EVERY), marks.length);
  if (passed === 0) return { offset };
  return { after: marks[passed - 1], offset: offset - passed * MARK_EVERY };
}

/** The name and id of the 1,000th, 2,000th, … active product by name, kept with the snapshot they were read in. */
async function readMarks(tx: Tx, businessId: string): Promise<ProductCursor[]> {
  // `is_active is true`: the plain list's own index (migration 0220), walked once in order.
  const found = await rows<{ snapshot: string; xmin: string; name: string | null; id: string | null }>(
    tx,
    sql`select meta.snapshot, meta.xmin, marks.name, marks.id
      from (select ${snapshotColumns}) meta
      left join (select name, id, n from (
          select p.name, p.id, row_number() over (order by p.name, p.id) as n from products p
           where p.business_id = ${businessId} and p.is_active is true) numbered
         where n % ${MARK_EVERY} = 0) marks on true
      order by marks.n`,
  );
  const marks = found.flatMap(({ name, id }) => (name !== null && id !== null ? [{ name, id }] : []));
  const [meta] = found;
  if (meta) keptMarks.set(businessId, { figures: marks, snapshot: meta.snapshot, xmin: BigInt(meta.xmin) });
  return marks;
}
