import type { LockedProduct } from '../catalog/index.ts';

/**
 * The products the server's checkouts read last, kept so that the next sale of the same products can be priced
 * before it reaches the database, and written — claim, stock, sale and COMMIT — in one round trip, with the
 * business's other checkouts of the moment (createSaleWithRetry, sale-batches.ts), which keep the stock here
 * as each write leaves it.
 * Only a hint: the write moves a product's stock only while the product is still as it was read (its stamp,
 * saleStockStatement), so a hint that went stale since (a new price, a rename, a deactivation on any server)
 * fails that write, which is made again from the database. The stock kept here is never trusted: a sale whose
 * hinted stock looks short is made the usual way. Keyed by business, then product.
 */
export type SaleProductHints = {
  /** The products, all of them, or null when any is not kept. */
  get(businessId: string, productIds: string[]): Map<string, LockedProduct> | null;
  /** Keeps products as read (without a lock: their stamp says which version). */
  set(businessId: string, products: Iterable<LockedProduct>): void;
  /** The stock a kept product was last left with, as far as this server knows; undefined when not kept. */
  stockOf(businessId: string, productId: string): number | undefined;
  /** The stock a write of this server's left kept products with (by product id). */
  setStock(businessId: string, left: Record<string, number>): void;
  /** Drops products found changed. */
  forget(businessId: string, productIds: string[]): void;
};

/** Keeps at most `capacity` products across businesses, dropping the least recently kept first. */
export function saleProductHints(capacity: number): SaleProductHints {
  const kept = new Map<string, LockedProduct>();
  const key = (businessId: string, productId: string) => `${businessId}/${productId}`;
  return {
    get(businessId, productIds) {
      const found = new Map<string, LockedProduct>();
      for (const id of productIds) {
        const product = kept.get(key(businessId, id));
        if (!product) return null;
        found.set(id, product);
      }
      return found;
    },
    set(businessId, products) {
      for (const product of products) {
        const at = key(businessId, product.id);
        kept.delete(at);
        kept.set(at, product);
      }
      while (kept.size > capacity) kept.delete(kept.keys().next().value as string);
    },
    stockOf(businessId, productId) {
      return kept.get(key(businessId, productId))?.stock;
    },
    setStock(businessId, left) {
      for (const [id, stock] of Object.entries(left)) {
        const product = kept.get(key(businessId, id));
        if (product) kept.set(key(businessId, id), { ...product, stock });
      }
    },
    forget(businessId, productIds) {
      for (const id of productIds) kept.delete(key(businessId, id));
    },
  };
}
