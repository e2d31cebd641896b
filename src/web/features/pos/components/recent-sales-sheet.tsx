import { ReceiptTextIcon, RefreshCwIcon } from 'lucide-react';
import { formatDateTime } from '#domain/dates.ts';
import { formatCedis } from '#domain/money.ts';
import { PAYMENT_METHOD_LABELS } from '#domain/payment-methods.ts';
import type { Sale } from '#domain/schemas/sales.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '#web/components/ui/sheet.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useRecentSales } from '../api/get-recent-sales.ts';

const STATUS_LABELS: Record<Sale['payment_status'], string> = {
  completed: 'Completed',
  pending: 'Pending',
  failed: 'Failed',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
};

const SKELETON_KEYS = ['a', 'b', 'c', 'd', 'e'];

type RecentSalesSheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onReprint: (sale: Sale) => void;
  /** operations §4: refund and void from the till; without the permission a manager approves with their PIN. */
  onRefund: (sale: Sale) => void;
  onVoid: (sale: Sale) => void;
};

/** The latest sales of the shop, newest first, each with its receipt for a reprint. */
export function RecentSalesSheet({ open, onOpenChange, onReprint, onRefund, onVoid }: RecentSalesSheetProps) {
  const query = useRecentSales(open);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" className="w-full sm:max-w-md">
        <SheetHeader className="pr-12">
          <SheetTitle>Recent sales</SheetTitle>
          <SheetDescription>The last 20 sales. Open one to reprint or email its receipt.</SheetDescription>
        </SheetHeader>
        <div className="grid flex-1 content-start gap-2 overflow-y-auto px-4 pb-4">
          {query.isPending && SKELETON_KEYS.map((key) => <Skeleton key={key} className="h-14" />)}
          {query.isError && (
            <div role="alert" className="grid gap-2 text-sm">
              <p className="text-destructive">{query.error.message}</p>
              <Button variant="outline" size="sm" onClick={() => query.refetch()}>
                <RefreshCwIcon aria-hidden="true" />
                Try again
              </Button>
            </div>
          )}
          {query.isSuccess && query.data.sales.length === 0 && (
            <p className="py-8 text-center text-muted-foreground text-sm">No sales yet</p>
          )}
          <ul className="grid gap-1" aria-label="Recent sales">
            {query.data?.sales.map((sale) => (
              <li key={sale.id} className="grid gap-1">
                <button
                  type="button"
                  onClick={() => onReprint(sale)}
                  className="grid w-full cursor-pointer grid-cols-[auto_1fr_auto] items-center gap-3 rounded-md px-2 py-2 text-left outline-none hover:bg-secondary focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  <ReceiptTextIcon className="size-4 text-muted-foreground" aria-hidden="true" />
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-sm">{sale.receipt_number}</span>
                    <span className="block text-muted-foreground text-xs">
                      {formatDateTime(sale.created_at, sale.business.timezone)} ·{' '}
                      {PAYMENT_METHOD_LABELS[sale.payment_method]}
                    </span>
                  </span>
                  <span className="grid justify-items-end gap-0.5">
                    <span className="font-semibold text-sm tabular-nums">
                      {formatCedis(sale.total_amount)}
                    </span>
                    {sale.payment_status !== 'completed' && (
                      <Badge variant="outline">{STATUS_LABELS[sale.payment_status]}</Badge>
                    )}
                  </span>
                </button>
                {sale.transaction_type === 'sale' &&
                  sale.payment_status !== 'cancelled' &&
                  sale.payment_status !== 'refunded' && (
                    <div className="flex justify-end gap-2 px-2">
                      {sale.payment_status === 'completed' && (
                        <Button size="sm" variant="outline" onClick={() => onRefund(sale)}>
                          Refund
                        </Button>
                      )}
                      <Button size="sm" variant="outline" onClick={() => onVoid(sale)}>
                        Void
                      </Button>
                    </div>
                  )}
              </li>
            ))}
          </ul>
        </div>
      </SheetContent>
    </Sheet>
  );
}
