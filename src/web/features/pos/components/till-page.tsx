import {
  HistoryIcon,
  PackagePlusIcon,
  PauseCircleIcon,
  ScanBarcodeIcon,
  SearchIcon,
  ShoppingCartIcon,
} from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { cartFromParked, cartToParked } from '#domain/cart.ts';
import { type DisplayPayment, displayPaymentOf, IDLE_PAYMENT } from '#domain/customer-display.ts';
import { formatCedis } from '#domain/money.ts';
import type { ParkedCart, PosProduct, Sale } from '#domain/schemas/sales.ts';
import { ConnectionStatusBar } from '#web/components/connection-status.tsx';
import { ShiftBar } from '#web/components/shifts/shift-bar.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { isApiError } from '#web/lib/api-client.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { cn } from '#web/lib/cn.ts';
import { canDo, hasFeature, useMe } from '#web/lib/session.ts';
import { toast } from '#web/lib/toast.ts';
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';
import { useMediaQuery } from '#web/lib/use-media-query.ts';
import { useParkedCarts } from '../api/get-parked-carts.ts';
import { usePaymentMethods } from '../api/get-payment-methods.ts';
import { usePosCategories } from '../api/get-pos-categories.ts';
import { fetchPosProductsById, usePosProducts } from '../api/get-pos-products.ts';
import { fetchProductByCode } from '../api/get-product-by-code.ts';
import { useSale } from '../api/get-sale.ts';
import { useParkCart } from '../api/park-cart.ts';
import { useResumeParkedCart } from '../api/resume-parked-cart.ts';
import { useCart } from '../hooks/use-cart.tsx';
import { useCustomerDisplay } from '../hooks/use-customer-display.ts';
import { useLocalCatalog } from '../hooks/use-local-catalog.ts';
import { useSalePaymentEvents } from '../hooks/use-sale-payment-events.ts';
import { useTillShortcuts } from '../hooks/use-till-shortcuts.ts';
import { useWedgeScanner } from '../hooks/use-wedge-scanner.ts';
import { ASK_A_MANAGER } from '../lib/quick-add.ts';
import { resumeParked } from '../lib/resume-parked.ts';
import { CartPanel } from './cart-panel.tsx';
import { CustomerPicker } from './customer-picker.tsx';
import {
  CartSheet,
  ParkedSalesSheet,
  ParkSaleDialog,
  PaymentDialog,
  QuickAddDialog,
  ReceiptDialog,
  RecentSalesSheet,
  ScannerDialog,
} from './deferred-dialogs.tsx';
import { DisplayButtons, DisplayControlBar } from './display-controls.tsx';
import type { MerchantShown } from './payment-dialog.tsx';
import { PHONE_ICON_BUTTON, PhoneWords } from './phone-words.tsx';
import { ProductGrid } from './product-grid.tsx';
import { type Reversal, TillReversal } from './till-reversal.tsx';

type OpenPanel = 'payment' | 'scanner' | 'park' | 'parked' | 'recent' | 'cart' | null;

/** operations §2/§9: the v2 terminal's low-stock badge shows at this stock or less. */
export const V2_LOW_STOCK_BADGE_AT = 5;

/**
 * The till (operations §2): products, cart, checkout, receipts. Version 1 is the point-of-sale screen;
 * version 2 is the dual-screen cashier terminal, the same till built for a touch screen, with Quick Add, the
 * low-stock badge and the display-control bar. Both share one cart, so switching versions keeps it.
 */
export function TillPage({ version = 'v1' }: { version?: 'v1' | 'v2' }) {
  const isV2 = version === 'v2';
  const cart = useCart();
  // Read while online, so a till that loses the network still knows (from the kept cache) whether the shop
  // takes manual mobile money, which completes offline.
  usePaymentMethods();
  const slug = useBusinessSlug();
  const [search, setSearch] = useState('');
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const debouncedSearch = useDebouncedValue(search, 250);
  const products = usePosProducts({ search: debouncedSearch, categoryId });
  useLocalCatalog(!products.isPending);
  const categories = usePosCategories();
  const parkedCarts = useParkedCarts();
  const parkCart = useParkCart();
  const resumeCart = useResumeParkedCart();
  const searchRef = useRef<HTMLInputElement>(null);
  const me = useMe().data;
  const canAddProducts = canDo(me, 'manage_products');
  // Settings → Business: with customer management turned off, the till sells without naming a customer.
  const hasCustomers = hasFeature(me, 'customer_management');
  // Settings → Business: the camera scanner and the customer display go with their features (a USB scanner
  // still types into the search, as any keyboard does).
  const hasCameraScan = hasFeature(me, 'barcode_scanning');
  const hasDisplay = hasFeature(me, 'dual_screen_display');

  const [openPanel, setOpenPanel] = useState<OpenPanel>(null);
  const [receipt, setReceipt] = useState<{ sale: Sale; isReprint: boolean } | null>(null);
  const [reversal, setReversal] = useState<Reversal | null>(null);
  const [quickAddCode, setQuickAddCode] = useState<string | null>(null);
  const [resumingId, setResumingId] = useState<string | null>(null);
  const panelSetter = (panel: Exclude<OpenPanel, null>) => (open: boolean) =>
    setOpenPanel(open ? panel : null);

  // The payment as the customer display shows it: the last sale this till made, followed while pending
  // (read again when the event stream says its payment moved), until the next sale starts.
  const [lastSale, setLastSale] = useState<Sale | null>(null);
  useSalePaymentEvents();
  const followed = useSale(lastSale?.payment_status === 'pending' ? lastSale.id : null);
  const shownSale = followed.data ?? lastSale;
  // Manual mobile money chosen on the payment dialog: the display shows the shop's number to send to.
  const [merchantShown, setMerchantShown] = useState<MerchantShown | null>(null);
  const payment: DisplayPayment = shownSale
    ? displayPaymentOf(shownSale)
    : merchantShown
      ? {
          state: 'awaiting',
          method: merchantShown.method,
          total_amount: cart.totals.total_amount,
          merchant: { number: merchantShown.number, name: merchantShown.name },
        }
      : IDLE_PAYMENT;
  // The next customer's first item ends the last sale's state on the display, whatever it was.
  useEffect(() => {
    if (!cart.isEmpty && lastSale) setLastSale(null);
  }, [cart.isEmpty, lastSale]);
  const display = useCustomerDisplay({ cart: cart.cart, payment, autoOpen: isV2 && hasDisplay });

  function quickAdd() {
    if (!canAddProducts) {
      toast.error('Quick Add needs a manager', { description: ASK_A_MANAGER });
      return;
    }
    setQuickAddCode('');
  }

  const quantities = useMemo(
    () => new Map(cart.cart.lines.map((line) => [line.product.id, line.quantity])),
    [cart.cart.lines],
  );

  const addProduct = useCallback((product: PosProduct) => cart.add(product), [cart]);

  const addByCode = useCallback(
    async (code: string) => {
      try {
        const product = await fetchProductByCode(code);
        if (cart.add(product)) toast.success(`${product.name} added`, { duration: 1500 });
      } catch (error) {
        if (isApiError(error) && error.status === 404) {
          // operations §4: a code that is no product → 'Product not found' and the quick-add dialog, for
          // those who may add products; anyone else is told whom to ask, not handed a form they cannot send.
          if (!canAddProducts) {
            toast.error('Product not found', {
              description: `No product has the code ${code}. ${ASK_A_MANAGER}`,
            });
            return;
          }
          toast.error('Product not found', { description: `No product has the code ${code}.` });
          setQuickAddCode(code);
          return;
        }
        toast.error('Could not look up the code', {
          description: error instanceof Error ? error.message : String(error),
        });
      }
    },
    [cart, canAddProducts],
  );

  const openCheckout = useCallback(() => {
    if (cart.isEmpty) {
      toast.error('Cart is empty', { description: 'Add a product before checking out.' });
      return;
    }
    setOpenPanel('payment');
  }, [cart.isEmpty]);

  const clearCart = useCallback(() => {
    if (cart.isEmpty) return;
    const previous = cart.cart;
    cart.clear();
    toast('Cart cleared', {
      description: `${previous.lines.length} ${previous.lines.length === 1 ? 'line' : 'lines'} removed.`,
      action: { label: 'Undo', onClick: () => cart.replace(previous) },
      duration: 8000,
    });
  }, [cart]);

  const isDialogOpen =
    (openPanel !== null && openPanel !== 'cart') || receipt !== null || quickAddCode !== null;

  useTillShortcuts(
    {
      focusSearch: () => {
        setOpenPanel(null);
        searchRef.current?.focus();
        searchRef.current?.select();
      },
      checkout: openCheckout,
      clearCart,
    },
    !isDialogOpen,
  );

  // A scanner can fire at any moment. While paying, a scan must neither add to a cart being paid for
  // nor type a number into the amount field; after a sale it starts the next one.
  useWedgeScanner((code) => {
    if (openPanel === 'payment') {
      toast.error('Finish the payment first', { description: `Scanned ${code} was not added.` });
      return;
    }
    if (openPanel === 'scanner' || openPanel === 'park' || openPanel === 'parked' || openPanel === 'recent') {
      setOpenPanel(null);
    }
    if (receipt) setReceipt(null);
    void addByCode(code);
  }, quickAddCode === null);

  function park(note: string) {
    parkCart.mutate(
      { note, cart: cartToParked(cart.cart) },
      {
        onSuccess: () => {
          cart.clear();
          setOpenPanel(null);
          toast.success('Sale parked', { description: note || 'Resume it from Parked sales.' });
        },
        onError: (error) => toast.error('Could not park the sale', { description: error.message }),
      },
    );
  }

  function resume(parked: ParkedCart) {
    setResumingId(parked.id);
    resumeCart.mutate(parked.id, {
      onSuccess: async ({ parked_cart }) => {
        try {
          const current = await fetchPosProductsById(parked_cart.cart.items.map((item) => item.product_id));
          const { cart: resumed, changes } = resumeParked(parked_cart.cart, current);
          cart.replace(resumed);
          if (changes.length > 0)
            toast.warning('Parked sale changed', { description: changes.join(' '), duration: 10_000 });
          else toast.success('Sale resumed', { description: parked_cart.note ?? undefined });
        } catch {
          // Taken off the shelf already: keep it as parked; the server checks stock and prices at checkout.
          cart.replace(cartFromParked(parked_cart.cart));
          toast.warning('Sale resumed without a stock check', {
            description: 'Stock and prices could not be read now; they are checked again at checkout.',
          });
        }
        setResumingId(null);
        setOpenPanel(null);
      },
      onError: (error) => {
        setResumingId(null);
        toast.error('Could not resume the sale', { description: error.message });
      },
    });
  }

  const cartPanel = (
    <CartPanel
      cart={cart}
      customerPicker={
        hasCustomers ? <CustomerPicker customer={cart.cart.customer} onChange={cart.setCustomer} /> : null
      }
      onCheckout={openCheckout}
      onPark={() => setOpenPanel('park')}
      onClear={clearCart}
      className="h-full"
    />
  );
  const parkedCount = parkedCarts.data?.length ?? 0;
  // The side panel shows from 1024 px (lg); below it, it is hidden, so it is not rendered at all: on a phone the
  // cart lives in the sheet, and the first paint of the till has one panel less to build.
  const isNarrow = useMediaQuery('(max-width: 1023.98px)');

  return (
    <div className="pb-24 lg:grid lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start lg:gap-4 lg:pb-0">
      <section aria-label="Products" className="grid min-w-0 gap-3">
        <ConnectionStatusBar slug={slug} />
        <ShiftBar />
        {isV2 && hasDisplay && <DisplayControlBar display={display} />}
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="sr-only">{isV2 ? 'Dual-screen cashier terminal' : 'Point of sale'}</h1>
          {/* The v2 terminal's search has a row of its own on a phone, and gives way sooner on a tablet: its larger
              buttons then fit one row. */}
          <div className={cn('relative min-w-0 flex-1', isV2 ? 'basis-44 max-sm:basis-full' : 'basis-56')}>
            <SearchIcon
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              ref={searchRef}
              type="search"
              aria-label="Search products by name, barcode or SKU"
              aria-keyshortcuts="Control+F Meta+F"
              // Short enough to show whole beside the till's buttons; a phone has no Ctrl+F to offer.
              placeholder={isNarrow ? 'Name, barcode, SKU' : 'Name, barcode or SKU (Ctrl+F)'}
              className={cn('pl-9', isV2 && 'h-12 text-base')}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              onKeyDown={(event) => {
                if (event.key !== 'Enter' || event.ctrlKey || event.metaKey) return;
                event.preventDefault();
                const listed = products.data?.pages.flatMap((page) => page.products) ?? [];
                const text = search.trim();
                if (!text) return;
                if (listed.length === 1 && debouncedSearch.trim() === text) {
                  if (cart.add(listed[0]!)) setSearch('');
                } else if (!/\s/.test(text)) {
                  setSearch('');
                  void addByCode(text);
                }
              }}
            />
          </div>
          {hasCameraScan && (
            <Button variant="outline" size={isV2 ? 'lg' : 'default'} onClick={() => setOpenPanel('scanner')}>
              <ScanBarcodeIcon aria-hidden="true" />
              Scan
            </Button>
          )}
          {isV2 && (
            <Button
              variant="outline"
              size="lg"
              className={PHONE_ICON_BUTTON}
              onClick={quickAdd}
              title="Quick Add"
            >
              <PackagePlusIcon aria-hidden="true" />
              {/* On a phone the v2 terminal's tools share one row: Quick Add and Parked sales show their icons. */}
              <PhoneWords text="Quick Add" isCompact />
            </Button>
          )}
          <Button
            variant="outline"
            size={isV2 ? 'lg' : 'default'}
            className={cn(isV2 && PHONE_ICON_BUTTON)}
            onClick={() => setOpenPanel('parked')}
            title={isV2 ? `Parked sales (${parkedCount})` : undefined}
          >
            <PauseCircleIcon aria-hidden="true" />
            <span>
              <PhoneWords text="Parked sales " isCompact={isV2} />({parkedCount})
            </span>
          </Button>
          <Button
            variant="outline"
            size={isV2 ? 'lg' : 'default'}
            className={cn(isV2 && PHONE_ICON_BUTTON)}
            onClick={() => setOpenPanel('recent')}
            title="Recent sales"
          >
            <HistoryIcon aria-hidden="true" />
            <span className="sr-only 2xl:not-sr-only">Recent sales</span>
          </Button>
          {!isV2 && hasDisplay && <DisplayButtons display={display} />}
        </div>

        <fieldset className="-mx-1 flex min-w-0 gap-2 overflow-x-auto px-1 pb-1">
          <legend className="sr-only">Categories</legend>
          <CategoryChip isActive={categoryId === null} onClick={() => setCategoryId(null)}>
            All
          </CategoryChip>
          {categories.data?.map((category) => (
            <CategoryChip
              key={category.id}
              isActive={categoryId === category.id}
              onClick={() => setCategoryId(category.id)}
            >
              {category.name}
            </CategoryChip>
          ))}
        </fieldset>

        <ProductGrid
          query={products}
          onAdd={addProduct}
          quantities={quantities}
          lowStockBadgeAt={isV2 ? V2_LOW_STOCK_BADGE_AT : undefined}
        />
      </section>

      <aside
        aria-label="Cart panel"
        className="hidden overflow-hidden rounded-xl border bg-background shadow-sm lg:sticky lg:top-20 lg:block lg:h-[calc(100dvh-6.5rem)]"
      >
        {openPanel !== 'cart' && !isNarrow && cartPanel}
      </aside>

      {/* Phones and narrow tablets: the cart is a bottom sheet behind a sticky total. */}
      <div className="fixed inset-x-0 bottom-0 z-40 flex items-center gap-2 border-t bg-background/95 p-3 shadow-[0_-4px_12px_rgba(0,0,0,0.06)] backdrop-blur lg:hidden">
        <Button variant="outline" className="flex-1 justify-between" onClick={() => setOpenPanel('cart')}>
          <span className="flex items-center gap-2">
            <ShoppingCartIcon aria-hidden="true" />
            Cart ({cart.itemCount})
          </span>
          <span className="font-semibold tabular-nums">{formatCedis(cart.totals.total_amount)}</span>
        </Button>
        <Button onClick={openCheckout} disabled={cart.isEmpty}>
          Checkout
        </Button>
      </div>
      <CartSheet open={openPanel === 'cart'} onOpenChange={panelSetter('cart')}>
        {openPanel === 'cart' && cartPanel}
      </CartSheet>

      <PaymentDialog
        open={openPanel === 'payment'}
        onOpenChange={panelSetter('payment')}
        cart={cart.cart}
        total={cart.totals.total_amount}
        onSaleCreated={(sale) => {
          cart.clear();
          setLastSale(sale);
        }}
        onRestoreCart={(previous) => cart.replace(previous)}
        onMerchantShown={setMerchantShown}
        onFinished={(sale) => {
          setOpenPanel(null);
          setReceipt({ sale, isReprint: false });
        }}
      />
      <ReceiptDialog
        sale={receipt?.sale ?? null}
        closeLabel={receipt?.isReprint ? 'Close' : 'New sale'}
        onOpenChange={(open) => {
          if (open) return;
          setReceipt(null);
          if (!receipt?.isReprint) searchRef.current?.focus();
        }}
      />
      <ScannerDialog
        open={openPanel === 'scanner'}
        onOpenChange={panelSetter('scanner')}
        onCode={(code) => {
          setOpenPanel(null);
          void addByCode(code);
        }}
      />
      <QuickAddDialog
        code={quickAddCode}
        onOpenChange={(open) => !open && setQuickAddCode(null)}
        onCreated={(product) => {
          setQuickAddCode(null);
          if (product.stock_quantity > 0) cart.add(product);
        }}
      />
      <ParkSaleDialog
        open={openPanel === 'park'}
        onOpenChange={panelSetter('park')}
        isSaving={parkCart.isPending}
        onPark={park}
      />
      <ParkedSalesSheet
        open={openPanel === 'parked'}
        onOpenChange={panelSetter('parked')}
        query={parkedCarts}
        canResume={cart.isEmpty}
        resumingId={resumingId}
        onResume={resume}
      />
      <RecentSalesSheet
        open={openPanel === 'recent'}
        onOpenChange={panelSetter('recent')}
        onReprint={(sale) => {
          setOpenPanel(null);
          setReceipt({ sale, isReprint: true });
        }}
        onRefund={(sale) => {
          setOpenPanel(null);
          setReversal({ mode: 'refund', saleId: sale.id });
        }}
        onVoid={(sale) => {
          setOpenPanel(null);
          setReversal({ mode: 'void', saleId: sale.id });
        }}
      />
      <TillReversal
        reversal={reversal}
        onClose={() => setReversal(null)}
        onRefunded={(refund) => {
          setReversal(null);
          setReceipt({ sale: refund, isReprint: true });
        }}
      />
    </div>
  );
}

function CategoryChip({
  isActive,
  onClick,
  children,
}: {
  isActive: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={isActive}
      onClick={onClick}
      className={cn(
        'shrink-0 cursor-pointer whitespace-nowrap rounded-full border px-3 py-1.5 font-medium text-sm outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50',
        isActive ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:bg-secondary',
      )}
    >
      {children}
    </button>
  );
}
