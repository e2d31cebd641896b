import { type Cart, cartFromParked } from '#domain/cart.ts';
import { formatCedis } from '#domain/money.ts';
import type { ParkedCart, PosProduct } from '#domain/schemas/sales.ts';

/**
 * A parked sale brought back to the till. Parking reserved no stock and prices may have moved since, so each
 * line is checked against the products as they are now: gone or sold out lines are left out, quantities
 * are cut to what is in stock, and the current price applies. Every change is listed for the cashier.
 */
export function resumeParked(
  parked: ParkedCart['cart'],
  currentProducts: readonly PosProduct[],
): { cart: Cart; changes: string[] } {
  const byId = new Map(currentProducts.map((product) => [product.id, product]));
  const changes: string[] = [];
  const items: ParkedCart['cart']['items'] = [];
  for (const item of parked.items) {
    const product = byId.get(item.product_id);
    if (!product || product.stock_quantity <= 0) {
      changes.push(`${item.name} is no longer available and was left out.`);
      continue;
    }
    let quantity = item.quantity;
    if (product.stock_quantity < quantity) {
      quantity = product.stock_quantity;
      changes.push(`${product.name}: only ${quantity} in stock, quantity set to ${quantity}.`);
    }
    if (product.price !== item.unit_price) {
      changes.push(
        `${product.name}: price changed from ${formatCedis(item.unit_price)} to ${formatCedis(product.price)}.`,
      );
    }
    items.push({
      ...item,
      quantity,
      discount_amount: Math.min(item.discount_amount, quantity * product.price),
    });
  }
  const cart = cartFromParked(
    { items, discount_amount: parked.discount_amount, customer: parked.customer },
    currentProducts,
  );
  return { cart, changes };
}
