import { ImageIcon } from 'lucide-react';
import { useState } from 'react';
import { isLowStock } from '#domain/catalog/stock.ts';
import { formatCedis } from '#domain/money.ts';
import type { Product } from '#domain/schemas/catalog.ts';
import { EditDeleteButtons } from '#web/components/edit-delete-buttons.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';

type ProductCardProps = {
  product: Product;
  isSelected: boolean;
  onSelectedChange: (selected: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
};

/** operations §2: image or placeholder, name, category badge, price, stock with 'Low stock!', barcode. */
export function ProductCard({ product, isSelected, onSelectedChange, onEdit, onDelete }: ProductCardProps) {
  const isLow = isLowStock(product);
  return (
    <Card className="flex flex-col gap-0 overflow-hidden p-0" data-testid="product-card">
      <div className="relative">
        <ProductImage url={product.image_url} name={product.name} />
        <div className="absolute top-2 left-2 flex items-center rounded-md bg-background/90 p-1.5 shadow-sm">
          <Checkbox
            checked={isSelected}
            onCheckedChange={(checked) => onSelectedChange(checked === true)}
            aria-label={`Select ${product.name} for labels`}
          />
        </div>
      </div>
      <div className="grid flex-1 gap-2 p-4">
        <h3 className="line-clamp-2 font-medium leading-snug" title={product.name}>
          {product.name}
        </h3>
        {product.category && (
          <Badge variant="secondary" className="max-w-full justify-self-start truncate">
            {product.category.name}
          </Badge>
        )}
        <p className="font-semibold text-lg tabular-nums">{formatCedis(product.price)}</p>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted-foreground">Stock:</span>
          <span className="tabular-nums">{product.stock_quantity}</span>
          {isLow && (
            <Badge variant="destructive" className="px-1.5 py-0">
              Low stock!
            </Badge>
          )}
        </p>
        <p className="truncate font-mono text-muted-foreground text-xs">
          {product.barcode ? product.barcode : product.sku ? `SKU ${product.sku}` : 'No barcode'}
        </p>
      </div>
      <div className="flex gap-2 border-t p-3">
        <EditDeleteButtons name={product.name} onEdit={onEdit} onDelete={onDelete} />
      </div>
    </Card>
  );
}

function ProductImage({ url, name }: { url: string | null; name: string }) {
  const [hasFailed, setFailed] = useState(false);
  if (!url || hasFailed) {
    return (
      <div
        className="flex aspect-[2/1] items-center justify-center bg-muted text-muted-foreground"
        aria-hidden="true"
      >
        <ImageIcon className="size-10" />
      </div>
    );
  }
  return (
    <img
      src={url}
      alt={name}
      loading="lazy"
      className="aspect-[2/1] w-full bg-muted object-cover"
      onError={() => setFailed(true)}
    />
  );
}

/** operations §2: loading shows 8 skeleton cards. */
export function ProductCardSkeleton() {
  return (
    <Card className="flex flex-col gap-0 overflow-hidden p-0" data-testid="product-skeleton">
      <Skeleton className="aspect-[2/1] rounded-none" />
      <div className="grid gap-3 p-4">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-6 w-1/3" />
        <Skeleton className="h-4 w-1/2" />
      </div>
    </Card>
  );
}
