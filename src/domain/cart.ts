import { clampDiscount, parseTaxRate, priceCart, type TaxMode, taxRateToPercent } from './pricing.ts';

// The browser's cart: its lines and the quantity rules (operations §3 Cart, §5). Its prices come from
// pricing.ts, the same math the server uses for the sale.

export const MAX_LINE_QUANTITY = 10_000;
/** The most lines a cart, a sale or a parked sale may hold. */
export const MAX_CART_LINES = 200;

export type CartError = { title: string; message: string };

/** The till's stock messages (operations §5). */
export const CART_ERRORS = {
  outOfStock: (name: string): CartError => ({
    title: 'Out of stock',
    message: `${name} is currently out of stock.`,
  }),
  insufficientStock: (available: number): CartError => ({
    title: 'Insufficient stock',
    message: `Only ${available} units available.`,
  }),
  emptyCart: (): CartError => ({ title: 'Cart is empty', message: 'Cart is empty' }),
};

// Kept in browser storage under one key.
export const CART_STORAGE_KEY = 'akwaaba-pos-cart';

/** What the cart needs of a product (a subset of the API's PosProduct). */
export type CartProduct = {
  id: string;
  name: string;
  price: number;
  tax_rate: number | string;
  stock_quantity: number;
  barcode?: string | null;
  sku?: string | null;
  image_url?: string | null;
};

export type CartLine = { product: CartProduct; quantity: number; discount_amount: number };
export type CartCustomer = { id: string; name: string };
export type Cart = { lines: CartLine[]; discount_amount: number; customer: CartCustomer | null };

export type CartResult = { ok: true; cart: Cart } | { ok: false; cart: Cart; error: CartError };

export const EMPTY_CART: Cart = { lines: [], discount_amount: 0, customer: null };

function stockError(product: CartProduct, wanted: number): CartError | null {
  if (product.stock_quantity <= 0) return CART_ERRORS.outOfStock(product.name);
  if (wanted > product.stock_quantity) return CART_ERRORS.insufficientStock(product.stock_quantity);
  return null;
}

/** Adds `quantity` of a product (one line per product); refuses out-of-stock and over-stock (§5). */
export function addToCart(cart: Cart, product: CartProduct, quantity = 1): CartResult {
  const existing = cart.lines.find((line) => line.product.id === product.id);
  const wanted = (existing?.quantity ?? 0) + quantity;
  const error = stockError(product, wanted);
  if (error) return { ok: false, cart, error };
  if (existing) {
    return {
      ok: true,
      cart: {
        ...cart,
        lines: cart.lines.map((line) =>
          line.product.id === product.id ? { ...line, product, quantity: wanted } : line,
        ),
      },
    };
  }
  return { ok: true, cart: { ...cart, lines: [...cart.lines, { product, quantity, discount_amount: 0 }] } };
}

/** operations §5: a quantity of 0 or less removes the line; an increase is checked against stock. */
export function setLineQuantity(cart: Cart, productId: string, quantity: number): CartResult {
  const line = cart.lines.find((l) => l.product.id === productId);
  if (!line) return { ok: true, cart };
  const whole = Math.trunc(quantity);
  if (!Number.isFinite(whole) || whole <= 0) return { ok: true, cart: removeLine(cart, productId) };
  if (whole > line.quantity) {
    const error = stockError(line.product, whole);
    if (error) return { ok: false, cart, error };
  }
  return {
    ok: true,
    cart: {
      ...cart,
      lines: cart.lines.map((l) =>
        l.product.id === productId
          ? {
              ...l,
              quantity: whole,
              discount_amount: clampDiscount(l.discount_amount, whole * l.product.price),
            }
          : l,
      ),
    },
  };
}

export function removeLine(cart: Cart, productId: string): Cart {
  return { ...cart, lines: cart.lines.filter((line) => line.product.id !== productId) };
}

export function setLineDiscount(cart: Cart, productId: string, discount: number): Cart {
  return {
    ...cart,
    lines: cart.lines.map((line) =>
      line.product.id === productId
        ? { ...line, discount_amount: clampDiscount(discount, line.quantity * line.product.price) }
        : line,
    ),
  };
}

export function setCartDiscount(cart: Cart, discount: number): Cart {
  return { ...cart, discount_amount: clampDiscount(discount, Number.MAX_SAFE_INTEGER) };
}

export function setCartCustomer(cart: Cart, customer: CartCustomer | null): Cart {
  return { ...cart, customer };
}

export function cartItemCount(cart: Cart): number {
  return cart.lines.reduce((sum, line) => sum + line.quantity, 0);
}

/**
 * The cart's lines and totals as the till shows them (the cart discount is clamped here too), priced the way the
 * business enters its prices (tax on top or tax included), exactly as the server will price the sale.
 */
export function cartTotals(cart: Cart, mode: TaxMode = {}) {
  return priceCart({
    ...mode,
    lines: cart.lines.map((line) => ({
      product: line.product,
      unit_price: line.product.price,
      quantity: line.quantity,
      tax_rate: line.product.tax_rate,
      discount_amount: line.discount_amount,
    })),
    cartDiscount: cart.discount_amount,
  });
}

/** The items of POST /api/v1/sales: only ids, quantities and discounts (the server prices them). */
export function cartToSaleItems(cart: Cart) {
  return cart.lines.map((line) => ({
    product_id: line.product.id,
    quantity: line.quantity,
    ...(line.discount_amount > 0 ? { discount_amount: line.discount_amount } : {}),
  }));
}

/** The `cart` of POST /api/v1/parked-carts. */
export function cartToParked(cart: Cart) {
  return {
    items: cart.lines.map((line) => ({
      product_id: line.product.id,
      name: line.product.name,
      unit_price: line.product.price,
      tax_rate: Number(taxRateToPercent(parseTaxRate(line.product.tax_rate))),
      quantity: line.quantity,
      discount_amount: line.discount_amount,
    })),
    discount_amount: cart.discount_amount,
    customer: cart.customer,
  };
}

export type ParkedCartItem = {
  product_id: string;
  name: string;
  unit_price: number;
  tax_rate: number;
  quantity: number;
  discount_amount: number;
};

/**
 * A resumed parked cart back into a till cart. Parking reserves no stock, so each line takes the
 * product as the till knows it now (current price and stock) when it is given; a product the till
 * no longer lists keeps its parked name and price and the server's stock check decides at checkout.
 */
export function cartFromParked(
  parked: { items: ParkedCartItem[]; discount_amount: number; customer: CartCustomer | null },
  currentProducts: readonly CartProduct[] = [],
): Cart {
  const byId = new Map(currentProducts.map((product) => [product.id, product]));
  return {
    lines: parked.items.map((item) => ({
      product: byId.get(item.product_id) ?? {
        id: item.product_id,
        name: item.name,
        price: item.unit_price,
        tax_rate: item.tax_rate,
        stock_quantity: item.quantity,
      },
      quantity: item.quantity,
      discount_amount: item.discount_amount,
    })),
    discount_amount: parked.discount_amount,
    customer: parked.customer,
  };
}
