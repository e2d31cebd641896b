import { MinusIcon, PauseCircleIcon, PlusIcon, ShoppingCartIcon, Trash2Icon, XIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { formatCedis } from '#domain/money.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { cn } from '#web/lib/cn.ts';
import type { CartApi } from '../hooks/use-cart.tsx';
import { MoneyInput } from './money-input.tsx';

type CartPanelProps = {
  cart: CartApi;
  customerPicker: ReactNode;
  onCheckout: () => void;
  onPark: () => void;
  onClear: () => void;
  className?: string;
};

/** The cart (operations §2 cart panel, §3 Cart): lines, discounts, totals and the way to checkout. */
export function CartPanel({ cart, customerPicker, onCheckout, onPark, onClear, className }: CartPanelProps) {
  const { totals } = cart;
  return (
    <section aria-labelledby="cart-heading" className={cn('flex min-h-0 flex-col', className)}>
      <div className="flex items-center justify-between gap-2 border-b px-4 py-3">
        <h2 id="cart-heading" className="flex items-center gap-2 font-semibold">
          <ShoppingCartIcon className="size-4" aria-hidden="true" />
          Cart
          <span className="font-normal text-muted-foreground text-sm">
            ({cart.itemCount} {cart.itemCount === 1 ? 'item' : 'items'})
          </span>
        </h2>
        <Button
          variant="ghost"
          size="sm"
          onClick={onClear}
          disabled={cart.isEmpty}
          title="Clear cart (Ctrl+Esc)"
        >
          <Trash2Icon aria-hidden="true" />
          Clear
        </Button>
      </div>
      {customerPicker && <div className="border-b px-4 py-3">{customerPicker}</div>}

      <div className="min-h-0 flex-1 overflow-y-auto">
        {cart.isEmpty ? (
          <div className="grid justify-items-center gap-2 px-4 py-10 text-center text-muted-foreground">
            <ShoppingCartIcon className="size-8 opacity-60" aria-hidden="true" />
            <p className="font-medium text-foreground">Cart is empty</p>
            <p className="text-sm">Tap a product, search, or scan a barcode to add it.</p>
          </div>
        ) : (
          <ul aria-label="Cart items" className="divide-y">
            {totals.lines.map((line) => (
              <CartLineRow key={line.product.id} line={line} cart={cart} />
            ))}
          </ul>
        )}
      </div>

      <div className="grid gap-3 border-t px-4 py-3">
        {!cart.isEmpty && (
          <div className="flex items-center justify-between gap-3">
            <label htmlFor="cart-discount" className="text-muted-foreground text-sm">
              Cart discount (₵)
            </label>
            <MoneyInput
              id="cart-discount"
              className="h-8 w-28 text-right"
              value={totals.cart_discount_amount}
              onCommit={cart.setCartDiscount}
            />
          </div>
        )}
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm" aria-label="Totals">
          <dt className="text-muted-foreground">Subtotal</dt>
          <dd className="text-right tabular-nums">{formatCedis(totals.subtotal)}</dd>
          <dt className="text-muted-foreground">Tax</dt>
          <dd className="text-right tabular-nums">{formatCedis(totals.tax_amount)}</dd>
          <dt className="text-muted-foreground">Discount</dt>
          <dd className="text-right tabular-nums">
            {totals.discount_amount > 0 ? `-${formatCedis(totals.discount_amount)}` : formatCedis(0)}
          </dd>
          <dt className="font-semibold text-base">Total</dt>
          <dd className="text-right font-semibold text-base tabular-nums" data-testid="cart-total">
            {formatCedis(totals.total_amount)}
          </dd>
        </dl>
        <div className="grid grid-cols-[auto_1fr] gap-2">
          <Button variant="outline" onClick={onPark} disabled={cart.isEmpty}>
            <PauseCircleIcon aria-hidden="true" />
            Park sale
          </Button>
          <Button
            size="lg"
            onClick={onCheckout}
            disabled={cart.isEmpty}
            aria-keyshortcuts="Control+Enter Meta+Enter"
          >
            Checkout {formatCedis(totals.total_amount)}
          </Button>
        </div>
      </div>
    </section>
  );
}

type PricedCartLine = CartApi['totals']['lines'][number];

function CartLineRow({ line, cart }: { line: PricedCartLine; cart: CartApi }) {
  const { product } = line;
  const [isDiscountOpen, setDiscountOpen] = useState(line.discount_amount > 0);
  const quantityId = `qty-${product.id}`;
  const discountId = `discount-${product.id}`;
  return (
    <li className="grid gap-2 px-4 py-3" aria-label={product.name}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-medium text-sm">{product.name}</p>
          <p className="text-muted-foreground text-xs tabular-nums">
            {formatCedis(line.unit_price)} each
            {line.tax_amount > 0 && ` · tax ${formatCedis(line.tax_amount)}`}
          </p>
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="size-7 shrink-0"
          onClick={() => cart.remove(product.id)}
          aria-label={`Remove ${product.name}`}
        >
          <XIcon aria-hidden="true" />
        </Button>
      </div>
      <div className="flex items-center justify-between gap-2">
        <div className="flex items-center gap-1">
          <Button
            variant="outline"
            size="icon"
            className="size-8"
            onClick={() => cart.setQuantity(product.id, line.quantity - 1)}
            aria-label={`One less ${product.name}`}
          >
            <MinusIcon aria-hidden="true" />
          </Button>
          <label htmlFor={quantityId} className="sr-only">
            Quantity of {product.name}
          </label>
          <QuantityInput
            id={quantityId}
            value={line.quantity}
            onCommit={(quantity) => cart.setQuantity(product.id, quantity)}
          />
          <Button
            variant="outline"
            size="icon"
            className="size-8"
            onClick={() => cart.setQuantity(product.id, line.quantity + 1)}
            aria-label={`One more ${product.name}`}
          >
            <PlusIcon aria-hidden="true" />
          </Button>
        </div>
        <div className="text-right">
          <p className="font-semibold text-sm tabular-nums">{formatCedis(line.total_price)}</p>
          {line.discount_amount > 0 && (
            <p className="text-emerald-700 text-xs tabular-nums dark:text-emerald-400">
              -{formatCedis(line.discount_amount)}
            </p>
          )}
        </div>
      </div>
      {isDiscountOpen ? (
        <div className="flex items-center justify-end gap-2">
          <label htmlFor={discountId} className="text-muted-foreground text-xs">
            Line discount (₵)
          </label>
          <MoneyInput
            id={discountId}
            className="h-8 w-24 text-right"
            value={line.discount_amount}
            onCommit={(discount) => cart.setLineDiscount(product.id, discount)}
          />
        </div>
      ) : (
        <button
          type="button"
          className="cursor-pointer justify-self-end rounded text-primary text-xs underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          onClick={() => setDiscountOpen(true)}
        >
          Add discount
        </button>
      )}
    </li>
  );
}

function QuantityInput({
  id,
  value,
  onCommit,
}: {
  id: string;
  value: number;
  onCommit: (quantity: number) => void;
}) {
  const [text, setText] = useState(String(value));
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    setLastValue(value);
    setText(String(value));
  }
  const commit = () => {
    // operations §5: 0 or less removes the line; anything that is not a whole number goes back.
    if (!/^\s*-?\d+\s*$/.test(text)) {
      setText(String(value));
      return;
    }
    const quantity = Number(text);
    if (quantity === value) return;
    onCommit(quantity);
    setText(String(value));
  };
  return (
    <Input
      id={id}
      inputMode="numeric"
      autoComplete="off"
      className="h-8 w-14 px-1 text-center tabular-nums"
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
        }
      }}
    />
  );
}
