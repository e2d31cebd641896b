import { PlayCircleIcon, RefreshCwIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatCedis } from '#domain/money.ts';
import type { ParkedCart } from '#domain/schemas/sales.ts';
import { compareText } from '#domain/text-order.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '#web/components/ui/sheet.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import type { useParkedCarts } from '../api/get-parked-carts.ts';
import { formatAge } from '../lib/age.ts';

const SKELETON_KEYS = ['a', 'b', 'c'];

type ParkedSalesSheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  query: ReturnType<typeof useParkedCarts>;
  /** Resuming needs an empty cart, so nothing on the till is overwritten. */
  canResume: boolean;
  resumingId: string | null;
  onResume: (parked: ParkedCart) => void;
};

/** The shop's parked sales, oldest waiting first, with who parked them and how long ago. */
export function ParkedSalesSheet({
  open,
  onOpenChange,
  query,
  canResume,
  resumingId,
  onResume,
}: ParkedSalesSheetProps) {
  const now = useNow(open);
  const parked = [...(query.data ?? [])].sort((a, b) => compareText(a.created_at, b.created_at));
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" className="w-full sm:max-w-md">
        <SheetHeader className="pr-12">
          <SheetTitle>Parked sales ({parked.length})</SheetTitle>
          <SheetDescription>
            {canResume
              ? 'Resume one to load it into the cart.'
              : 'Finish, park or clear the current sale to resume one.'}
          </SheetDescription>
        </SheetHeader>
        <div className="grid flex-1 content-start gap-2 overflow-y-auto px-4 pb-4">
          {query.isPending && SKELETON_KEYS.map((key) => <Skeleton key={key} className="h-20" />)}
          {query.isError && (
            <div role="alert" className="grid gap-2 text-sm">
              <p className="text-destructive">{query.error.message}</p>
              <Button variant="outline" size="sm" onClick={() => query.refetch()}>
                <RefreshCwIcon aria-hidden="true" />
                Try again
              </Button>
            </div>
          )}
          {query.isSuccess && parked.length === 0 && (
            <p className="py-8 text-center text-muted-foreground text-sm">No parked sales</p>
          )}
          <ul className="grid gap-2" aria-label="Parked sales">
            {parked.map((sale) => (
              <li key={sale.id} className="grid gap-2 rounded-lg border p-3">
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="truncate font-medium">{sale.note || 'No note'}</p>
                    <p className="text-muted-foreground text-xs">
                      {sale.item_count} {sale.item_count === 1 ? 'item' : 'items'}
                      {sale.cart.customer && ` · ${sale.cart.customer.name}`} · parked by{' '}
                      {sale.parked_by.name}
                    </p>
                  </div>
                  <div className="shrink-0 text-right">
                    <p className="font-semibold tabular-nums">{formatCedis(sale.total_amount)}</p>
                    <p className="text-muted-foreground text-xs">{formatAge(sale.created_at, now)}</p>
                  </div>
                </div>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={!canResume || resumingId !== null}
                  onClick={() => onResume(sale)}
                  aria-label={`Resume ${sale.note || 'parked sale'}`}
                >
                  <PlayCircleIcon aria-hidden="true" />
                  {resumingId === sale.id ? 'Resuming…' : 'Resume'}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      </SheetContent>
    </Sheet>
  );
}

/** The time now, ticking each minute while the drawer is open so ages stay right. */
function useNow(isActive: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isActive) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [isActive]);
  return now;
}
