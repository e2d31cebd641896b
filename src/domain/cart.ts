import { taxRateBasisPoints } from './catalog/tax-rate.ts';
// Cart and tax math for the till and the server's sale creation (operations §3, §5, §9).
// Everything is integer pesewas; tax rates are basis points (12.5 % → 1250), read from the API's
// percentage exactly (no floating point).
//
// Rounding rule (operations §9, written up in docs/tax-rounding.md):
//   line total    = quantity × unit price
//   line tax      = unit price × quantity × rate / 100, rounded half-up (half away from zero, so a
//                   refund's negative line mirrors its sale) to the pesewa, PER LINE; the cart's tax
//                   is the sum of its lines' taxes
//   line discount = floored at 0 and never more than the line total
//   cart discount = floored at 0 and never more than the subtotal left after line discounts
//   total         = subtotal + tax − (line discounts + cart discount)
// Tax is charged on the undiscounted line, as §9 states it.

export const MAX_LINE_QUANTITY = 10_000;

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

/** '12.50' or 12.5 → 1250 basis points. Throws on anything that is not 0–100 with at most 2 decimals. */
export function parseTaxRate(rate: number | string): number {
  const basisPoints = taxRateBasisPoints(rate);
  if (basisPoints === null) throw new RangeError(`Invalid tax rate: ${String(rate)}`);
  return basisPoints;
}

/** 1250 → 12.5, the percentage the API shows. */
export function taxRateToPercent(basisPoints: number): number {
  return basisPoints / 100;
}

/** numerator / denominator rounded half away from zero, exactly (bigint). */
export function divideRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const rounded = (2n * n + d) / (2n * d);
  return negative ? -rounded : rounded;
}

/** operations §9: price × quantity × rate / 100, rounded half-up to the pesewa. */
export function lineTax(unitPrice: number, quantity: number, taxRate: number | string): number {
  const basisPoints = parseTaxRate(taxRate);
  return Number(divideRoundHalfUp(BigInt(unitPrice) * BigInt(quantity) * BigInt(basisPoints), 10_000n));
}

/** operations §5: discounts are floored at 0, and a discount never exceeds what it discounts. */
export function clampDiscount(discount: number | undefined, limit: number): number {
  const value = Math.trunc(discount ?? 0);
  if (!Number.isFinite(value) || value <= 0) return 0;
  return Math.min(value, Math.max(0, Math.abs(limit)));
}

export type LineInput = {
  unit_price: number;
  quantity: number;
  /** Percentage as the API gives it: 12.5 or '12.50'. */
  tax_rate: number | string;
  discount_amount?: number;
};

export type PricedLine = {
  unit_price: number;
  quantity: number;
  tax_rate: number;
  /** quantity × unit price (operations §9 line total). */
  total_price: number;
  tax_amount: number;
  discount_amount: number;
};

export function priceLine(line: LineInput): PricedLine {
  const totalPrice = line.unit_price * line.quantity;
  return {
    unit_price: line.unit_price,
    quantity: line.quantity,
    tax_rate: taxRateToPercent(parseTaxRate(line.tax_rate)),
    total_price: totalPrice,
    tax_amount: lineTax(line.unit_price, line.quantity, line.tax_rate),
    discount_amount: clampDiscount(line.discount_amount, totalPrice),
  };
}

export type CartTotals<L extends LineInput = LineInput> = {
  lines: (Omit<L, keyof PricedLine> & PricedLine)[];
  subtotal: number;
  tax_amount: number;
  /** Line discounts plus the cart discount, each clamped. */
  discount_amount: number;
  /** The cart discount after clamping. */
  cart_discount_amount: number;
  total_amount: number;
};

export function priceCart<L extends LineInput>({
  lines,
  cartDiscount,
}: {
  lines: readonly L[];
  cartDiscount?: number;
}): CartTotals<L> {
  const priced = lines.map((line) => ({ ...line, ...priceLine(line) }));
  const subtotal = priced.reduce((sum, line) => sum + line.total_price, 0);
  const taxAmount = priced.reduce((sum, line) => sum + line.tax_amount, 0);
  const lineDiscounts = priced.reduce((sum, line) => sum + line.discount_amount, 0);
  const cartDiscountAmount = clampDiscount(cartDiscount, subtotal - lineDiscounts);
  const discountAmount = lineDiscounts + cartDiscountAmount;
  return {
    lines: priced,
    subtotal,
    tax_amount: taxAmount,
    discount_amount: discountAmount,
    cart_discount_amount: cartDiscountAmount,
    total_amount: subtotal + taxAmount - discountAmount,
  };
}

// ---- The browser's cart (operations §3 Cart; kept in browser storage under one key) ----

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

/** The cart's lines and totals as the till shows them (the cart discount is clamped here too). */
export function cartTotals(cart: Cart) {
  return priceCart({
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
