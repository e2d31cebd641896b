import { AlertCircleIcon, PackageIcon, RefreshCwIcon, SearchXIcon } from 'lucide-react';
import { useDeferredValue } from 'react';
import { formatCedis } from '#domain/money.ts';
import type { PosProduct } from '#domain/schemas/sales.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { cn } from '#web/lib/cn.ts';
import type { usePosProducts } from '../api/get-pos-products.ts';

// operations §2: 10 skeleton cards while the grid loads.
export const POS_SKELETON_COUNT = 10;

type ProductGridProps = {
  query: ReturnType<typeof usePosProducts>;
  onAdd: (product: PosProduct) => void;
  /** How many of each product the cart holds, to show on the card. */
  quantities: ReadonlyMap<string, number>;
  /** The v2 terminal: larger cards for a touch screen and a Low stock badge at this stock or less. */
  lowStockBadgeAt?: number;
};

const GRID = 'grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-4';
const TOUCH_GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4';

export function ProductGrid({ query, onAdd, quantities, lowStockBadgeAt }: ProductGridProps) {
  const gridClass = lowStockBadgeAt === undefined ? GRID : TOUCH_GRID;
  if (query.isPending) {
    return (
      <ul className={gridClass} aria-label="Loading products">
        {Array.from({ length: POS_SKELETON_COUNT }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
          <li key={index} data-testid="product-skeleton" className="grid gap-2 rounded-lg border p-3">
            <Skeleton className="aspect-[4/3] w-full" />
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-1/3" />
          </li>
        ))}
      </ul>
    );
  }
  if (query.isError) {
    return (
      <div
        role="alert"
        className="grid justify-items-center gap-3 rounded-lg border border-dashed p-8 text-center"
      >
        <AlertCircleIcon className="size-8 text-destructive" aria-hidden="true" />
        <p className="font-medium">Error Loading Products</p>
        <p className="text-muted-foreground text-sm">{query.error.message}</p>
        <Button variant="outline" onClick={() => query.refetch()} disabled={query.isFetching}>
          <RefreshCwIcon className={cn(query.isFetching && 'animate-spin')} aria-hidden="true" />
          Try again
        </Button>
      </div>
    );
  }
  const products = query.data.pages.flatMap((page) => page.products);
  if (products.length === 0) {
    return (
      <div className="grid justify-items-center gap-2 rounded-lg border border-dashed p-8 text-center">
        <SearchXIcon className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">No products found</p>
        <p className="text-muted-foreground text-sm">
          Try another search or category. Out-of-stock products are hidden.
        </p>
      </div>
    );
  }
  return (
    <div className="grid gap-3">
      <ProductCards
        products={products}
        gridClass={gridClass}
        quantities={quantities}
        onAdd={onAdd}
        lowStockBadgeAt={lowStockBadgeAt}
      />
      {query.hasNextPage && (
        <Button
          variant="outline"
          className="justify-self-center"
          onClick={() => query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
        >
          {query.isFetchingNextPage ? 'Loading…' : 'Show more products'}
        </Button>
      )}
    </div>
  );
}

// Cards rendered before the first paint of the grid; the rest follow in a render of their own right after,
// so a phone with a slow CPU shows the till a screenful sooner. More than any screen shows at once.
const FIRST_CARDS = 12;

function ProductCards({
  products,
  gridClass,
  quantities,
  onAdd,
  lowStockBadgeAt,
}: Omit<ProductGridProps, 'query'> & { products: PosProduct[]; gridClass: string }) {
  const shownCount = useDeferredValue(products.length, Math.min(products.length, FIRST_CARDS));
  return (
    <ul className={gridClass} aria-label="Products">
      {products.slice(0, shownCount).map((product) => (
        <li key={product.id}>
          <ProductCard
            product={product}
            inCart={quantities.get(product.id) ?? 0}
            onAdd={onAdd}
            lowStockBadgeAt={lowStockBadgeAt}
          />
        </li>
      ))}
    </ul>
  );
}

function ProductCard({
  product,
  inCart,
  onAdd,
  lowStockBadgeAt,
}: {
  product: PosProduct;
  inCart: number;
  onAdd: (product: PosProduct) => void;
  lowStockBadgeAt?: number;
}) {
  const isLow = product.stock_quantity <= product.min_stock_level;
  // operations §2/§9: the v2 terminal's badge at 5 or less, whatever the product's own minimum.
  const hasBadge = lowStockBadgeAt !== undefined && product.stock_quantity <= lowStockBadgeAt;
  return (
    <button
      type="button"
      onClick={() => onAdd(product)}
      aria-label={`Add ${product.name}, ${formatCedis(product.price)}, ${product.stock_quantity} in stock${hasBadge ? ', low stock' : ''}`}
      className={cn(
        'group relative grid h-full w-full cursor-pointer content-start gap-1.5 rounded-lg border bg-card p-2.5 text-left shadow-xs outline-none transition-colors hover:border-primary/60 hover:bg-secondary/40 focus-visible:ring-[3px] focus-visible:ring-ring/50 active:scale-[0.99]',
        lowStockBadgeAt !== undefined && 'p-3 text-base',
      )}
    >
      <div className="flex aspect-[4/3] items-center justify-center overflow-hidden rounded-md bg-muted">
        {product.image_url ? (
          <img src={product.image_url} alt="" loading="lazy" className="size-full object-cover" />
        ) : (
          <PackageIcon className="size-8 text-muted-foreground/60" aria-hidden="true" />
        )}
      </div>
      <span className="line-clamp-2 font-medium text-sm leading-snug">{product.name}</span>
      <span className="flex items-baseline justify-between gap-2">
        <span className="font-semibold tabular-nums">{formatCedis(product.price)}</span>
        <span
          className={cn(
            'text-xs tabular-nums',
            isLow ? 'font-medium text-amber-700 dark:text-amber-400' : 'text-muted-foreground',
          )}
        >
          {product.stock_quantity} left
        </span>
      </span>
      {hasBadge && (
        <span className="absolute top-1.5 left-1.5 rounded-full bg-amber-500 px-2 py-0.5 font-semibold text-white text-xs dark:bg-amber-600">
          Low stock
        </span>
      )}
      {inCart > 0 && (
        <span className="absolute top-1.5 right-1.5 flex min-w-6 items-center justify-center rounded-full bg-primary px-1.5 py-0.5 font-semibold text-primary-foreground text-xs tabular-nums">
          {inCart}
        </span>
      )}
    </button>
  );
}
