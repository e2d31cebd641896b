import { PrinterIcon, RotateCcwIcon, XCircleIcon } from 'lucide-react';
import { formatDateTime } from '#domain/dates.ts';
import { formatCedis } from '#domain/money.ts';
import { PAYMENT_METHOD_LABELS } from '#domain/payment-methods.ts';
import type { HistorySale } from '#domain/schemas/transactions.ts';
import { canRefund, canVoid } from '#domain/transaction-badges.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Separator } from '#web/components/ui/separator.tsx';
import { useTransaction } from '#web/lib/api/reverse-sale.ts';
import { StatusBadges } from './badges.tsx';

/**
 * operations §2 details: date and time with seconds, method, status, cashier and customer contact; the items
 * (name or 'Unknown Product', quantity × unit price, line total); subtotal (total minus tax), tax if any,
 * discount if above 0, total and notes. Reprint or email, refund and void from here.
 */
export function DetailsDialog({
  shown,
  onClose,
  onReceipt,
  onRefund,
  onVoid,
}: {
  shown: HistorySale | null;
  onClose: () => void;
  onReceipt: (sale: HistorySale) => void;
  onRefund: (sale: HistorySale) => void;
  onVoid: (sale: HistorySale) => void;
}) {
  // The list row shows at once; the transaction is read again so a refund made meanwhile shows.
  const fresh = useTransaction(shown?.id ?? null).data;
  const sale = fresh && fresh.id === shown?.id ? fresh : shown;
  return (
    <Dialog open={shown !== null} onOpenChange={(open) => open || onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        {sale && (
          <>
            <DialogHeader>
              <DialogTitle>Transaction {sale.receipt_number}</DialogTitle>
              <DialogDescription>
                {formatDateTime(sale.created_at, sale.business.timezone, { seconds: true })}
              </DialogDescription>
            </DialogHeader>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">Status</dt>
              <dd>
                <StatusBadges sale={sale} />
              </dd>
              <dt className="text-muted-foreground">Payment</dt>
              <dd>{PAYMENT_METHOD_LABELS[sale.payment_method]}</dd>
              <dt className="text-muted-foreground">Cashier</dt>
              <dd>
                {sale.cashier.first_name} {sale.cashier.last_name}
              </dd>
              <dt className="text-muted-foreground">Customer</dt>
              <dd>
                {sale.customer ? (
                  <>
                    {sale.customer.name}
                    {sale.customer.phone && (
                      <span className="block text-muted-foreground">{sale.customer.phone}</span>
                    )}
                    {sale.customer.email && (
                      <span className="block text-muted-foreground">{sale.customer.email}</span>
                    )}
                  </>
                ) : (
                  'Walk-in customer'
                )}
              </dd>
              {sale.original_receipt_number && (
                <>
                  <dt className="text-muted-foreground">Refund of</dt>
                  <dd>{sale.original_receipt_number}</dd>
                </>
              )}
            </dl>
            <Separator />
            <ul className="grid gap-2 text-sm" aria-label="Items">
              {sale.items.map((item) => (
                <li key={item.id} className="flex justify-between gap-3">
                  <span className="min-w-0">
                    <span className="block truncate font-medium">
                      {item.product_name || 'Unknown Product'}
                    </span>
                    <span className="text-muted-foreground">
                      {item.quantity} × {formatCedis(item.unit_price)}
                      {item.refunded_quantity > 0 && ` · ${item.refunded_quantity} refunded`}
                    </span>
                  </span>
                  <span className="tabular-nums">{formatCedis(item.total_price)}</span>
                </li>
              ))}
            </ul>
            <Separator />
            <dl className="grid grid-cols-[1fr_auto] gap-y-1 text-sm tabular-nums">
              <dt>Subtotal</dt>
              <dd className="text-right">{formatCedis(sale.total_amount - sale.tax_amount)}</dd>
              {sale.tax_amount !== 0 && (
                <>
                  <dt>Tax</dt>
                  <dd className="text-right">{formatCedis(sale.tax_amount)}</dd>
                </>
              )}
              {sale.discount_amount > 0 && (
                <>
                  <dt>Discount</dt>
                  <dd className="text-right">{formatCedis(sale.discount_amount)}</dd>
                </>
              )}
              <dt className="font-semibold">Total</dt>
              <dd className="text-right font-semibold">{formatCedis(sale.total_amount)}</dd>
              {sale.refunded_amount > 0 && (
                <>
                  <dt>Refunded</dt>
                  <dd className="text-right">-{formatCedis(sale.refunded_amount)}</dd>
                </>
              )}
            </dl>
            {sale.notes && (
              <p className="whitespace-pre-line rounded-md bg-muted p-3 text-sm">{sale.notes}</p>
            )}
            {sale.offline && (
              <section
                aria-label="Offline sale"
                className={
                  sale.offline.stock_shortfall
                    ? 'grid gap-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950 text-sm dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100'
                    : 'grid gap-1 rounded-md bg-muted p-3 text-sm'
                }
              >
                <p>
                  Made offline at the till, received{' '}
                  {formatDateTime(sale.offline.synced_at, sale.business.timezone, { seconds: true })}.
                </p>
                {sale.offline.stock_shortfall && (
                  <>
                    <p className="font-medium">
                      Stock ran short: the customer paid for these, but the stock had less when the sale
                      arrived. Stock stopped at 0; count the shelf and adjust it.
                    </p>
                    <ul className="list-disc pl-5">
                      {sale.offline.stock_shortfall.map((line) => (
                        <li key={line.product_id}>
                          {line.product_name}: sold {line.quantity}, {line.short_by} short
                        </li>
                      ))}
                    </ul>
                  </>
                )}
              </section>
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
              {canVoid(sale) && (
                <Button variant="outline" onClick={() => onVoid(sale)}>
                  <XCircleIcon aria-hidden="true" />
                  Void
                </Button>
              )}
              {canRefund(sale) && (
                <Button variant="outline" onClick={() => onRefund(sale)}>
                  <RotateCcwIcon aria-hidden="true" />
                  Refund
                </Button>
              )}
              <Button onClick={() => onReceipt(sale)}>
                <PrinterIcon aria-hidden="true" />
                Receipt
              </Button>
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
