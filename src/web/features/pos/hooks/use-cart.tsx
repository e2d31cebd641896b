import { createContext, type ReactNode, useContext, useMemo, useState, useSyncExternalStore } from 'react';
import {
  addToCart,
  type Cart,
  type CartCustomer,
  type CartProduct,
  type CartResult,
  cartItemCount,
  cartTotals,
  EMPTY_CART,
  removeLine,
  setCartCustomer,
  setCartDiscount,
  setLineDiscount,
  setLineQuantity,
} from '#domain/cart.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { useMe } from '#web/lib/session.ts';
import { browserStorage } from '#web/lib/storage-keys.ts';
import { toast } from '#web/lib/toast.ts';
import { type CartStore, cartStorageKey, createCartStore } from '../lib/cart-storage.ts';

const CartStoreContext = createContext<CartStore | null>(null);

/** Gives the till its business's persisted cart; tests pass a store over their own storage. */
export function CartProvider({ children, store }: { children: ReactNode; store?: CartStore }) {
  const slug = useBusinessSlug();
  const [ownStore] = useState(() => store ?? createCartStore(browserStorage('local'), cartStorageKey(slug)));
  return <CartStoreContext value={ownStore}>{children}</CartStoreContext>;
}

function useCartStore(): CartStore {
  const store = useContext(CartStoreContext);
  if (!store) throw new Error('useCart must be used inside <CartProvider>');
  return store;
}

/**
 * The cart and its operations. All arithmetic and stock rules are the domain's (src/domain/cart.ts); a
 * refused change shows the rule's toast (operations §5) and leaves the cart as it was.
 */
export function useCart() {
  const store = useCartStore();
  const cart = useSyncExternalStore(store.subscribe, store.get, store.get);
  // Settings → Tax: priced as the server will price the sale (tax on top, or in the shelf price).
  const pricesIncludeTax = useMe().data?.business.prices_include_tax ?? false;
  const totals = useMemo(() => cartTotals(cart, { pricesIncludeTax }), [cart, pricesIncludeTax]);

  return useMemo(() => {
    const apply = (result: CartResult): boolean => {
      if (!result.ok) {
        toast.error(result.error.title, { description: result.error.message });
        return false;
      }
      store.set(result.cart);
      return true;
    };
    const update = (change: (current: Cart) => Cart) => store.set(change(store.get()));
    return {
      cart,
      totals,
      itemCount: cartItemCount(cart),
      isEmpty: cart.lines.length === 0,
      add: (product: CartProduct, quantity = 1) => apply(addToCart(store.get(), product, quantity)),
      setQuantity: (productId: string, quantity: number) =>
        apply(setLineQuantity(store.get(), productId, quantity)),
      remove: (productId: string) => update((current) => removeLine(current, productId)),
      setLineDiscount: (productId: string, discount: number) =>
        update((current) => setLineDiscount(current, productId, discount)),
      setCartDiscount: (discount: number) => update((current) => setCartDiscount(current, discount)),
      setCustomer: (customer: CartCustomer | null) => update((current) => setCartCustomer(current, customer)),
      clear: () => store.set(EMPTY_CART),
      replace: (next: Cart) => store.set(next),
    };
  }, [store, cart, totals]);
}

export type CartApi = ReturnType<typeof useCart>;
