import { and, desc, eq, inArray } from 'drizzle-orm';
import { priceCart } from '#domain/pricing.ts';
import type { ParkedCart, ParkedCartContents } from '#domain/schemas/sales.ts';
import type { Tx } from '../../db/client.ts';
import { parkedCarts, products, users } from '../../db/schema/index.ts';
import { SALE_ERRORS } from './errors.ts';

type ParkInput = { note?: string | undefined; cart: ParkedCartContents };
type ParkedRow = typeof parkedCarts.$inferSelect & { parkedByName: string | null };

function toParkedCart(row: ParkedRow): ParkedCart {
  return {
    id: row.id,
    note: row.note,
    cart: row.cart,
    item_count: row.itemCount,
    total_amount: row.totalAmount,
    parked_by: { id: row.parkedBy, name: row.parkedByName ?? '' },
    created_at: row.createdAt.toISOString(),
  };
}

const columns = {
  id: parkedCarts.id,
  businessId: parkedCarts.businessId,
  note: parkedCarts.note,
  cart: parkedCarts.cart,
  itemCount: parkedCarts.itemCount,
  totalAmount: parkedCarts.totalAmount,
  parkedBy: parkedCarts.parkedBy,
  createdAt: parkedCarts.createdAt,
  parkedByName: users.fullName,
};

/** The business's parked carts, newest first; any till of the shop sees them all. */
export async function listParkedCarts(tx: Tx, businessId: string): Promise<ParkedCart[]> {
  const rows = await tx
    .select(columns)
    .from(parkedCarts)
    .leftJoin(users, and(eq(users.id, parkedCarts.parkedBy), eq(users.businessId, businessId)))
    .where(eq(parkedCarts.businessId, businessId))
    .orderBy(desc(parkedCarts.createdAt))
    .limit(100);
  return rows.map(toParkedCart);
}

/**
 * Sets the current cart aside with a note. Its products must be the business's own; no stock is
 * reserved (the sale made on resuming checks stock as any sale does).
 */
export async function parkCart(
  tx: Tx,
  options: { businessId: string; userId: string; input: ParkInput; now: Date; pricesIncludeTax?: boolean },
): Promise<ParkedCart> {
  const { businessId, input } = options;
  const ids = [...new Set(input.cart.items.map((item) => item.product_id))];
  const known = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.businessId, businessId), inArray(products.id, ids)));
  const knownIds = new Set(known.map((row) => row.id));
  input.cart.items.forEach((item, index) => {
    if (!knownIds.has(item.product_id)) throw SALE_ERRORS.productNotFound(`cart.items.${index}.product_id`);
  });
  // The shelf shows the total the till showed: priced the way the business enters its prices.
  const totals = priceCart({
    lines: input.cart.items,
    cartDiscount: input.cart.discount_amount,
    pricesIncludeTax: options.pricesIncludeTax,
  });
  const [row] = await tx
    .insert(parkedCarts)
    .values({
      businessId,
      note: input.note ?? null,
      cart: input.cart,
      itemCount: input.cart.items.reduce((sum, item) => sum + item.quantity, 0),
      totalAmount: totals.total_amount,
      parkedBy: options.userId,
      createdAt: options.now,
    })
    .returning();
  const [user] = await tx.select({ name: users.fullName }).from(users).where(eq(users.id, options.userId));
  return toParkedCart({ ...row!, parkedByName: user?.name ?? null });
}

/** Resuming takes the cart off the shelf: one till gets it, a second resume is told it is gone. */
export async function takeParkedCart(tx: Tx, businessId: string, id: string): Promise<ParkedCart> {
  const [row] = await tx
    .delete(parkedCarts)
    .where(and(eq(parkedCarts.businessId, businessId), eq(parkedCarts.id, id)))
    .returning();
  if (!row) throw SALE_ERRORS.parkedCartGone();
  const [user] = await tx.select({ name: users.fullName }).from(users).where(eq(users.id, row.parkedBy));
  return toParkedCart({ ...row, parkedByName: user?.name ?? null });
}
