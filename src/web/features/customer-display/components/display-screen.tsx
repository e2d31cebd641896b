import {
  CheckCircle2Icon,
  Loader2Icon,
  Maximize2Icon,
  Minimize2Icon,
  StoreIcon,
  XCircleIcon,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { awaitingInstruction, type DisplayCart, PAYMENT_FAILED_TEXT } from '#domain/customer-display.ts';
import { formatCedis } from '#domain/money.ts';
import { PAYMENT_METHOD_LABELS } from '#domain/payment-methods.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useFullscreen } from '#web/lib/use-fullscreen.ts';
import type { DisplayFeed } from '../hooks/use-display-feed.ts';

/** A finished sale's thanks stay this long on an empty cart, then the welcome screen comes back. */
export const THANKS_MS = 15_000;

/** operations §9: the display's clock updates each second. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function Clock({ now }: { now: Date }) {
  return (
    <time dateTime={now.toISOString()} className="grid text-right leading-tight">
      <span className="font-semibold text-2xl tabular-nums lg:text-3xl">
        {now.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' })}
      </span>
      <span className="text-muted-foreground text-sm lg:text-base">
        {now.toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long' })}
      </span>
    </time>
  );
}

function ShopMark({
  name,
  logoUrl,
  large = false,
}: {
  name: string;
  logoUrl: string | null;
  large?: boolean;
}) {
  const size = large ? 'size-28' : 'size-12';
  return logoUrl ? (
    <img src={logoUrl} alt={`${name} logo`} className={`${size} shrink-0 rounded-xl object-contain`} />
  ) : (
    <span
      className={`${size} flex shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary`}
    >
      <StoreIcon className={large ? 'size-14' : 'size-6'} aria-hidden="true" />
    </span>
  );
}

function Items({ cart }: { cart: DisplayCart }) {
  return (
    <div className="grid min-h-0 gap-4 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <section aria-label="Items" className="min-h-0 overflow-y-auto rounded-2xl border bg-card">
        <ul className="divide-y">
          {cart.lines.map((line) => (
            <li key={line.product_id} className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 px-5 py-4">
              <span className="truncate font-medium text-2xl">{line.name}</span>
              <span className="text-right font-semibold text-2xl tabular-nums">
                {formatCedis(line.line_total)}
              </span>
              <span className="text-lg text-muted-foreground tabular-nums">
                {line.quantity} × {formatCedis(line.unit_price)}
              </span>
              {line.discount_amount > 0 ? (
                <span className="text-right text-emerald-700 text-lg tabular-nums dark:text-emerald-400">
                  Discount −{formatCedis(line.discount_amount)}
                </span>
              ) : (
                <span />
              )}
            </li>
          ))}
        </ul>
      </section>
      <section
        aria-label="Totals"
        className="grid content-start gap-3 rounded-2xl border bg-card p-5 text-xl"
      >
        <p className="flex justify-between">
          <span className="text-muted-foreground">Items ({cart.item_count})</span>
          <span className="tabular-nums">{formatCedis(cart.subtotal)}</span>
        </p>
        {cart.discount_amount > 0 && (
          <p className="flex justify-between text-emerald-700 dark:text-emerald-400">
            <span>Discount</span>
            <span className="tabular-nums">−{formatCedis(cart.discount_amount)}</span>
          </p>
        )}
        <p className="flex justify-between">
          <span className="text-muted-foreground">Tax</span>
          <span className="tabular-nums">{formatCedis(cart.tax_amount)}</span>
        </p>
        <p className="flex items-baseline justify-between border-t pt-3 font-bold">
          <span className="text-2xl">Total</span>
          <span className="text-5xl tabular-nums">{formatCedis(cart.total_amount)}</span>
        </p>
      </section>
    </div>
  );
}

function Centered({ children, label }: { children: React.ReactNode; label: string }) {
  return (
    <section
      aria-label={label}
      className="grid flex-1 place-content-center justify-items-center gap-4 text-center"
    >
      {children}
    </section>
  );
}

function Body({ feed, now }: { feed: DisplayFeed; now: Date }) {
  const { cart, payment, shop } = feed;
  if (!cart || !shop) {
    return (
      <Centered label="Connecting">
        <Loader2Icon className="size-12 animate-spin text-muted-foreground" aria-hidden="true" />
        <p className="text-3xl">Connecting to the till…</p>
      </Centered>
    );
  }
  if (payment.state === 'awaiting') {
    return (
      <Centered label="Payment">
        <Loader2Icon className="size-16 animate-spin text-primary" aria-hidden="true" />
        <h2 className="font-bold text-4xl lg:text-5xl">Waiting for payment</h2>
        <p className="font-bold text-6xl tabular-nums">{formatCedis(payment.total_amount)}</p>
        <p className="text-2xl text-muted-foreground">
          {PAYMENT_METHOD_LABELS[payment.method]}: {awaitingInstruction(payment.method, payment.merchant)}
        </p>
      </Centered>
    );
  }
  if (payment.state === 'failed') {
    return (
      <Centered label="Payment">
        <XCircleIcon className="size-20 text-destructive" aria-hidden="true" />
        <h2 className="font-bold text-4xl text-destructive lg:text-5xl">{PAYMENT_FAILED_TEXT}</h2>
        <p className="text-2xl text-muted-foreground">{PAYMENT_METHOD_LABELS[payment.method]}</p>
      </Centered>
    );
  }
  const isThanking =
    payment.state === 'completed' &&
    (cart.lines.length === 0 ? now.getTime() - feed.paymentAt < THANKS_MS : false);
  if (payment.state === 'completed' && isThanking) {
    return (
      <Centered label="Payment">
        <CheckCircle2Icon className="size-20 text-emerald-600" aria-hidden="true" />
        <h2 className="font-bold text-4xl lg:text-5xl">Payment completed successfully!</h2>
        <p className="text-3xl">
          Paid <span className="font-bold tabular-nums">{formatCedis(payment.amount_paid)}</span>
        </p>
        {payment.change_due > 0 && (
          <p className="rounded-2xl bg-emerald-50 px-8 py-4 font-bold text-5xl text-emerald-800 tabular-nums dark:bg-emerald-950 dark:text-emerald-200">
            Change due {formatCedis(payment.change_due)}
          </p>
        )}
        <p className="text-2xl text-muted-foreground">Thank you for shopping with us. Medaase!</p>
      </Centered>
    );
  }
  if (cart.lines.length === 0) {
    return (
      <Centered label="Welcome">
        <ShopMark name={shop.name} logoUrl={shop.logo_url} large />
        <h2 className="font-bold text-5xl lg:text-6xl">Akwaaba!</h2>
        <p className="text-3xl">Welcome to {shop.name}</p>
        <p className="text-muted-foreground text-xl">Your items will appear here.</p>
      </Centered>
    );
  }
  return <Items cart={cart} />;
}

/**
 * The customer display (operations §2): the shop's welcome when the cart is empty, otherwise the items with
 * quantities, prices, discounts, tax and total; the payment as the till sees it; a clock and a fullscreen
 * toggle. Everything on it comes from the till (`feed`); it reads no business data itself.
 */
export function DisplayScreen({ feed, notice }: { feed: DisplayFeed; notice?: string | null }) {
  const now = useNow();
  const fullscreen = useFullscreen();
  return (
    <main className="flex h-dvh flex-col gap-4 bg-background p-4 text-foreground lg:p-6">
      <header className="flex items-center justify-between gap-4">
        <div className="flex min-w-0 items-center gap-3">
          {feed.shop && <ShopMark name={feed.shop.name} logoUrl={feed.shop.logo_url} />}
          <h1 className="truncate font-bold text-2xl lg:text-3xl">{feed.shop?.name ?? 'Customer display'}</h1>
        </div>
        <div className="flex items-center gap-3">
          <Clock now={now} />
          {fullscreen.isSupported && (
            <Button
              variant="outline"
              size="icon"
              onClick={fullscreen.toggle}
              aria-label={fullscreen.isFullscreen ? 'Exit full screen' : 'Enter full screen'}
            >
              {fullscreen.isFullscreen ? (
                <Minimize2Icon aria-hidden="true" />
              ) : (
                <Maximize2Icon aria-hidden="true" />
              )}
            </Button>
          )}
        </div>
      </header>
      <Body feed={feed} now={now} />
      {(notice || feed.isTillGone) && (
        <p role="status" className="text-center text-lg text-muted-foreground">
          {notice ?? 'The till is closed. This screen updates when it opens again.'}
        </p>
      )}
    </main>
  );
}
