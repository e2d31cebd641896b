import { AlertCircleIcon, CheckCircle2Icon, Loader2Icon, SmartphoneIcon } from 'lucide-react';
import { formatCedis } from '#domain/money.ts';
import type { Sale } from '#domain/schemas/sales.ts';
import { Button } from '#web/components/ui/button.tsx';
import { DialogDescription, DialogTitle } from '#web/components/ui/dialog.tsx';

// operations §4 Payment dialog and §8 Payment texts.
export const PAYMENT_TEXTS = {
  completed: 'Payment completed successfully!',
  pending: 'Transaction created. Payment confirmation will update automatically.',
  terminal: 'Please use the payment terminal to complete the transaction.',
  failed: 'Payment failed. Please try again.',
} as const;

export function PaymentCompleted({ sale }: { sale: Sale }) {
  return (
    <div className="grid justify-items-center gap-3 py-4 text-center" role="status">
      <CheckCircle2Icon className="size-14 text-emerald-600" aria-hidden="true" />
      <DialogTitle className="text-xl">{PAYMENT_TEXTS.completed}</DialogTitle>
      <DialogDescription>Receipt {sale.receipt_number}</DialogDescription>
      <dl className="grid w-full max-w-xs grid-cols-[1fr_auto] gap-1 text-left">
        <dt className="text-muted-foreground">Total</dt>
        <dd className="text-right font-medium tabular-nums">{formatCedis(sale.total_amount)}</dd>
        <dt className="text-muted-foreground">Paid</dt>
        <dd className="text-right tabular-nums">{formatCedis(sale.amount_paid)}</dd>
        <dt className="font-semibold text-lg">Change</dt>
        <dd className="text-right font-semibold text-lg tabular-nums" data-testid="change-given">
          {formatCedis(sale.change_given)}
        </dd>
      </dl>
    </div>
  );
}

export function PaymentPending({ sale, onDone }: { sale: Sale; onDone: () => void }) {
  return (
    <div className="grid justify-items-center gap-3 py-4 text-center" role="status">
      <SmartphoneIcon className="size-12 text-primary" aria-hidden="true" />
      <DialogTitle>Waiting for payment</DialogTitle>
      <DialogDescription>{PAYMENT_TEXTS.pending}</DialogDescription>
      <p className="font-medium">{PAYMENT_TEXTS.terminal}</p>
      <p className="text-muted-foreground text-sm">
        Receipt {sale.receipt_number} · {formatCedis(sale.total_amount)}
      </p>
      <Loader2Icon className="size-5 animate-spin text-muted-foreground" aria-hidden="true" />
      <Button variant="outline" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}

export function PaymentFailed({
  sale,
  failure,
  onClose,
  onTryAgain,
}: {
  sale: Sale | null;
  failure: string | null;
  onClose: () => void;
  onTryAgain: () => void;
}) {
  const saleFailed = sale?.payment_status === 'failed';
  return (
    <div className="grid justify-items-center gap-3 py-4 text-center" role="alert">
      <AlertCircleIcon className="size-12 text-destructive" aria-hidden="true" />
      <DialogTitle>{PAYMENT_TEXTS.failed}</DialogTitle>
      <DialogDescription>{failure ?? 'The payment was not confirmed.'}</DialogDescription>
      <div className="flex gap-2">
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
        {/* A failed request may be tried again; a sale whose payment failed needs a new checkout. */}
        {!saleFailed && (
          <Button autoFocus onClick={onTryAgain}>
            Try again
          </Button>
        )}
      </div>
    </div>
  );
}
