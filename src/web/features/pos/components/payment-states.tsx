import {
  AlertCircleIcon,
  CheckCircle2Icon,
  ExternalLinkIcon,
  Loader2Icon,
  SmartphoneIcon,
} from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { formatGhanaPhone } from '#domain/ghana-phone.ts';
import { formatCedis } from '#domain/money.ts';
import { PAYMENT_METHOD_LABELS } from '#domain/payment-methods.ts';
import type { Sale } from '#domain/schemas/sales.ts';
import { Button } from '#web/components/ui/button.tsx';
import { DialogDescription, DialogTitle } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';

// The QR code (and its encoder) only for a sandbox payment, so the till does not load it before it sells.
const QrCode = lazy(() =>
  import('#web/components/qr-code.tsx').then((module) => ({ default: module.QrCode })),
);

// operations §4 Payment dialog and §8 Payment texts.
export const PAYMENT_TEXTS = {
  completed: 'Payment completed successfully!',
  pending: 'Transaction created. Payment confirmation will update automatically.',
  terminal: 'Please use the payment terminal to complete the transaction.',
  failed: 'Payment failed. Please try again.',
} as const;

/** How long the dialog waits for an answer before saying there is none and offering to check again. */
export const NO_ANSWER_AFTER_MS = 45_000;

export function PaymentCompleted({ sale }: { sale: Sale }) {
  const isCashierConfirmed = sale.payments.some((payment) => payment.is_confirmed_by_cashier);
  return (
    <div className="grid justify-items-center gap-3 py-4 text-center" role="status">
      <CheckCircle2Icon className="size-14 text-emerald-600" aria-hidden="true" />
      <DialogTitle className="text-xl">{PAYMENT_TEXTS.completed}</DialogTitle>
      <DialogDescription>
        Receipt {sale.receipt_number}
        {isCashierConfirmed && ' · mobile money confirmed by cashier'}
      </DialogDescription>
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

type PendingProps = {
  sale: Sale;
  isBusy: boolean;
  /** The request of an action failed (the check, the code, the cancel): its message. */
  actionError: string | null;
  onCheck: () => void;
  onCancel: () => void;
  onOtp: (paymentId: string, otp: string) => void;
  /** Close and keep serving: the sale stays pending and completes when its answer comes. */
  onDone: () => void;
};

/**
 * awaiting_terminal / pending: the sale exists and waits for its card or mobile-money payment. The answer comes
 * by itself (the server's event stream); with none after a while the dialog says so and offers a check.
 */
export function PaymentPending({
  sale,
  isBusy,
  actionError,
  onCheck,
  onCancel,
  onOtp,
  onDone,
}: PendingProps) {
  const payment = sale.payments.find((p) => p.method !== 'cash' && p.status === 'pending') ?? null;
  const [hasWaitedLong, setWaitedLong] = useState(false);
  const [otp, setOtp] = useState('');
  const otpId = useId();
  const isCard = payment?.method === 'card';
  const noAnswer =
    hasWaitedLong || (payment?.display_text?.startsWith('No answer from the payment provider') ?? false);

  useEffect(() => {
    const timer = setTimeout(() => setWaitedLong(true), NO_ANSWER_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);

  const sandboxUrl =
    payment?.provider === 'sandbox' && payment.provider_reference
      ? `${window.location.origin}/pay/sandbox/${payment.provider_reference}`
      : null;

  return (
    <div className="grid justify-items-center gap-3 py-2 text-center">
      <SmartphoneIcon className="size-10 text-primary" aria-hidden="true" />
      <DialogTitle>Waiting for payment</DialogTitle>
      <DialogDescription>{PAYMENT_TEXTS.pending}</DialogDescription>
      <div role="status" aria-live="polite" className="grid gap-1">
        {isCard ? (
          <p className="font-medium">{PAYMENT_TEXTS.terminal}</p>
        ) : payment ? (
          <p className="font-medium">
            Ask the customer to approve {formatCedis(payment.amount)} {PAYMENT_METHOD_LABELS[payment.method]}
            {payment.phone ? ` on ${formatGhanaPhone(payment.phone)}` : ''}.
          </p>
        ) : null}
        {payment?.display_text && !noAnswer && (
          <p className="text-muted-foreground text-sm">{payment.display_text}</p>
        )}
        {payment?.flag === 'amount_mismatch' && (
          <p className="font-medium text-destructive text-sm">
            The provider reported another amount than this sale's. Check it with the provider before handing
            over the goods.
          </p>
        )}
      </div>
      <p className="text-muted-foreground text-sm">
        Receipt {sale.receipt_number} · {formatCedis(sale.total_amount)}
      </p>

      {sandboxUrl && (
        <div className="grid justify-items-center gap-2 rounded-md border border-dashed p-3">
          <p className="text-sm">
            Sandbox: scan with a second phone, or open the page, to play the customer
            {isCard ? "'s card terminal" : "'s phone"}.
          </p>
          <Suspense
            fallback={<div className="size-36 animate-pulse rounded-md bg-muted" aria-hidden="true" />}
          >
            <QrCode value={sandboxUrl} label="QR code of the sandbox payment page" size={144} />
          </Suspense>
          <a
            href={sandboxUrl}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 font-medium text-primary text-sm underline-offset-4 hover:underline"
          >
            Open the sandbox payment page
            <ExternalLinkIcon className="size-3.5" aria-hidden="true" />
          </a>
        </div>
      )}

      {payment?.next_action === 'send_otp' && (
        <form
          className="grid w-full max-w-xs gap-2 text-left"
          onSubmit={(event) => {
            event.preventDefault();
            if (otp.trim()) onOtp(payment.id, otp.trim());
          }}
        >
          <Label htmlFor={otpId}>Code the customer received</Label>
          <div className="flex gap-2">
            <Input
              id={otpId}
              autoFocus
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={8}
              value={otp}
              onChange={(event) => setOtp(event.target.value)}
            />
            <Button type="submit" disabled={isBusy || otp.trim() === ''}>
              Send code
            </Button>
          </div>
        </form>
      )}

      {!noAnswer && payment?.next_action !== 'send_otp' && (
        <Loader2Icon className="size-5 animate-spin text-muted-foreground" aria-hidden="true" />
      )}
      {noAnswer && (
        <p className="font-medium text-amber-700 text-sm dark:text-amber-400" role="alert">
          No answer from the payment provider yet. Check again, or cancel the sale if the customer cannot pay.
        </p>
      )}
      {actionError && (
        <p className="font-medium text-destructive text-sm" role="alert">
          {actionError}
        </p>
      )}
      <div className="flex flex-wrap justify-center gap-2">
        <Button variant="outline" onClick={onCancel} disabled={isBusy}>
          Cancel sale
        </Button>
        <Button variant={noAnswer ? 'default' : 'secondary'} onClick={onCheck} disabled={isBusy}>
          {isBusy && <Loader2Icon className="animate-spin" aria-hidden="true" />}
          Check again
        </Button>
        <Button variant="ghost" onClick={onDone} disabled={isBusy}>
          Done
        </Button>
      </div>
      <p className="text-muted-foreground text-xs">
        Done closes this and prints the receipt as pending; the sale completes when the payment arrives.
      </p>
    </div>
  );
}

/** Why a sale's payment did not go through: the provider's reason, else the request's error. */
function failureOf(sale: Sale | null, failure: string | null): string {
  const reason = sale?.payments.find(
    (payment) => payment.status === 'failed' && payment.failure_reason,
  )?.failure_reason;
  if (sale?.payment_status === 'cancelled') return 'The sale was cancelled: its items are back in stock.';
  if (reason) return `Payment processing failed: ${reason}`;
  return failure ?? 'The payment was not confirmed.';
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
  return (
    <div className="grid justify-items-center gap-3 py-4 text-center" role="alert">
      <AlertCircleIcon className="size-12 text-destructive" aria-hidden="true" />
      <DialogTitle>
        {sale?.payment_status === 'cancelled' ? 'Sale cancelled' : PAYMENT_TEXTS.failed}
      </DialogTitle>
      <DialogDescription>{failureOf(sale, failure)}</DialogDescription>
      <div className="flex gap-2">
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
        <Button autoFocus onClick={onTryAgain}>
          Try again
        </Button>
      </div>
    </div>
  );
}
