import { HistoryIcon } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { STOCK_OPERATIONS, type StockMovementReason, type StockOperation } from '#domain/catalog/stock.ts';
import { formatDateTime } from '#domain/dates.ts';
import { type Product, stockUpdateInput } from '#domain/schemas/catalog.ts';
import { NativeSelect } from '#web/components/native-select.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { actionErrorMessage } from '#web/lib/action-error.ts';
import { isApiError } from '#web/lib/api-client.ts';
import { useBusiness } from '#web/lib/business-context.tsx';
import { toast } from '#web/lib/toast.ts';
import { useProduct } from '../api/get-product.ts';
import { useAdjustStock, useStockMovements } from '../api/stock.ts';

const OPERATION_LABELS: Record<StockOperation, string> = {
  add: 'Add to stock',
  subtract: 'Subtract from stock',
  set: 'Set stock to',
};

export const REASON_LABELS: Record<StockMovementReason, string> = {
  sale: 'Sale',
  refund: 'Refund',
  void: 'Void',
  add: 'Added',
  subtract: 'Subtracted',
  set: 'Set',
  import: 'Import',
  initial: 'Opening stock',
  write_off: 'Written off',
  payment_failed: 'Payment failed',
};

/** The product's stock, a stock adjustment (operations §4: add, subtract floored at 0, set) and its history. */
export function StockPanel({ product: initial }: { product: Product }) {
  const product = useProduct(initial).data ?? initial;
  const adjust = useAdjustStock(product.id);
  const [operation, setOperation] = useState<StockOperation>('add');
  const [quantity, setQuantity] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ quantity?: string; note?: string; form?: string }>({});

  const apply = () => {
    const parsed = stockUpdateInput.safeParse({
      operation,
      quantity: quantity.trim() === '' ? Number.NaN : Number(quantity),
      note,
    });
    if (!parsed.success) {
      const fieldErrors: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'note' ? 'note' : 'quantity';
        fieldErrors[key] ??= issue.message;
      }
      setErrors(fieldErrors);
      return;
    }
    setErrors({});
    // Awaited rather than through mutate's callbacks: the product dialog may be closed while the adjustment is
    // on its way (its lists read again first), which unmounts this panel, and those callbacks skip an unmounted
    // component: the stock changed but nothing said so.
    adjust.mutateAsync(parsed.data).then(
      ({ product: updated }) => {
        setQuantity('');
        setNote('');
        toast.success('Stock updated', {
          description: `${updated.name}: ${updated.stock_quantity} in stock`,
        });
      },
      (error: Error) => {
        const message = actionErrorMessage(error, 'adjust stock');
        setErrors(
          isApiError(error) && error.fields?.quantity
            ? { quantity: error.fields.quantity }
            : { form: message },
        );
      },
    );
  };
  // The panel sits inside the product form: Enter applies the adjustment instead of saving the product.
  const onEnter = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      apply();
    }
  };

  return (
    <div className="grid gap-4 sm:col-span-2" data-testid="stock-panel">
      <div className="flex items-baseline gap-3">
        <p className="font-medium text-sm">Current Stock *</p>
        <p className="font-semibold text-2xl tabular-nums" data-testid="current-stock">
          {product.stock_quantity}
        </p>
      </div>
      <div className="grid gap-3 rounded-lg border p-3 sm:grid-cols-[1fr_8rem_1fr_auto] sm:items-end">
        <FormField id="stock-operation" label="Adjust stock">
          <NativeSelect
            value={operation}
            onChange={(event) => setOperation(event.target.value as StockOperation)}
          >
            {STOCK_OPERATIONS.map((value) => (
              <option key={value} value={value}>
                {OPERATION_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id="stock-quantity" label="Quantity" error={errors.quantity}>
          <Input
            type="number"
            inputMode="numeric"
            min="0"
            step="1"
            value={quantity}
            onChange={(event) => setQuantity(event.target.value)}
            onKeyDown={onEnter}
          />
        </FormField>
        <FormField id="stock-note" label="Note" optional error={errors.note}>
          <Input
            placeholder="e.g. Delivery from supplier"
            value={note}
            onChange={(event) => setNote(event.target.value)}
            onKeyDown={onEnter}
          />
        </FormField>
        <Button type="button" variant="secondary" onClick={apply} disabled={adjust.isPending}>
          {adjust.isPending && <Spinner label="Applying" />}
          Apply
        </Button>
        {errors.form && (
          <p role="alert" className="font-medium text-destructive text-sm sm:col-span-4">
            {errors.form}
          </p>
        )}
      </div>
      <StockHistory productId={product.id} />
    </div>
  );
}

function StockHistory({ productId }: { productId: string }) {
  const history = useStockMovements(productId);
  const business = useBusiness();
  const movements = history.data?.pages.flatMap((page) => page.movements) ?? [];
  return (
    <section aria-labelledby="stock-history-title" className="grid gap-2">
      <h4 id="stock-history-title" className="flex items-center gap-2 font-medium text-sm">
        <HistoryIcon className="size-4" aria-hidden="true" />
        Stock history
      </h4>
      {history.isPending ? (
        <Skeleton className="h-16" />
      ) : history.isError ? (
        <p className="text-destructive text-sm">{history.error.message}</p>
      ) : movements.length === 0 ? (
        <p className="text-muted-foreground text-sm">No stock changes yet.</p>
      ) : (
        <ol className="grid divide-y rounded-lg border text-sm" data-testid="stock-history">
          {movements.map((movement) => (
            <li key={movement.id} className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 px-3 py-2">
              <span className="font-medium">
                {REASON_LABELS[movement.reason]}{' '}
                <span
                  className={
                    movement.delta < 0 ? 'text-destructive' : 'text-emerald-600 dark:text-emerald-400'
                  }
                >
                  {movement.delta > 0 ? `+${movement.delta}` : movement.delta}
                </span>
              </span>
              <span className="text-right tabular-nums">→ {movement.quantity_after}</span>
              <span className="text-muted-foreground text-xs">
                {formatDateTime(movement.created_at, business.timezone)}
                {movement.user ? ` · ${movement.user.name}` : ''}
              </span>
              {movement.note && (
                <span className="col-span-2 text-muted-foreground text-xs">{movement.note}</span>
              )}
            </li>
          ))}
        </ol>
      )}
      {history.hasNextPage && (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="justify-self-start"
          onClick={() => history.fetchNextPage()}
          disabled={history.isFetchingNextPage}
        >
          Show older changes
        </Button>
      )}
    </section>
  );
}
