import { CART_STORAGE_KEY, type Cart, EMPTY_CART } from '#domain/cart.ts';
import { businessStorageKey } from '#web/lib/storage-keys.ts';

// operations §3 Cart: held only in browser storage under a fixed key, surviving reloads. operations §8:
// storage failures are only logged; the cart then lives for this page only.

/**
 * The fixed key, one per business: two shops open in two tabs of one origin (localhost, a shop server's IP
 * with ?business=) each keep their own cart.
 */
export function cartStorageKey(slug: string): string {
  return businessStorageKey(CART_STORAGE_KEY, slug);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isCartLine(value: unknown): boolean {
  if (!isRecord(value) || !isRecord(value.product)) return false;
  const { product } = value;
  return (
    typeof product.id === 'string' &&
    typeof product.name === 'string' &&
    Number.isInteger(product.price) &&
    (typeof product.tax_rate === 'number' || typeof product.tax_rate === 'string') &&
    Number.isInteger(product.stock_quantity) &&
    Number.isInteger(value.quantity) &&
    (value.quantity as number) > 0 &&
    Number.isInteger(value.discount_amount) &&
    (value.discount_amount as number) >= 0
  );
}

/** The stored cart, or an empty one when there is none or it is not a cart (an older or broken copy). */
export function parseStoredCart(text: string | null): Cart {
  if (!text) return EMPTY_CART;
  try {
    const value: unknown = JSON.parse(text);
    if (!isRecord(value) || !Array.isArray(value.lines) || !value.lines.every(isCartLine)) return EMPTY_CART;
    const customer =
      isRecord(value.customer) &&
      typeof value.customer.id === 'string' &&
      typeof value.customer.name === 'string'
        ? { id: value.customer.id, name: value.customer.name }
        : null;
    const discount = Number.isInteger(value.discount_amount)
      ? Math.max(0, value.discount_amount as number)
      : 0;
    return { lines: value.lines as Cart['lines'], discount_amount: discount, customer };
  } catch {
    return EMPTY_CART;
  }
}

export function readCart(storage: Storage | undefined, key: string): Cart {
  try {
    return parseStoredCart(storage?.getItem(key) ?? null);
  } catch (error) {
    console.warn('The cart could not be read from browser storage', error);
    return EMPTY_CART;
  }
}

export function writeCart(storage: Storage | undefined, key: string, cart: Cart): void {
  try {
    if (cart.lines.length === 0 && !cart.customer && cart.discount_amount === 0) {
      storage?.removeItem(key);
    } else {
      storage?.setItem(key, JSON.stringify(cart));
    }
  } catch (error) {
    console.warn('The cart could not be saved to browser storage', error);
  }
}

/**
 * One cart per business in this browser profile (under `key`, see cartStorageKey), shared by the till's
 * components through useSyncExternalStore; another tab of the same business's till that changes it is
 * followed through the storage event.
 */
export function createCartStore(storage: Storage | undefined, key: string) {
  let cart = readCart(storage, key);
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== key && event.key !== null) return;
    cart = readCart(storage, key);
    notify();
  };
  return {
    get: () => cart,
    set(next: Cart) {
      if (next === cart) return;
      cart = next;
      writeCart(storage, key, cart);
      notify();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      if (listeners.size === 1) globalThis.addEventListener?.('storage', onStorage);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) globalThis.removeEventListener?.('storage', onStorage);
      };
    },
  };
}

export type CartStore = ReturnType<typeof createCartStore>;
