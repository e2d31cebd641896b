import {
  AlertCircleIcon,
  CheckCircle2Icon,
  Loader2Icon,
  PlusIcon,
  SmartphoneIcon,
  XIcon,
} from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { Cart } from '#domain/cart.ts';
import { formatCedis, parseCedis, pesewasToInput } from '#domain/money.ts';
import {
  changeDue,
  insufficientAmountMessage,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '#domain/payment-methods.ts';
import type { Sale } from '#domain/schemas/sales.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { cn } from '#web/lib/cn.ts';
import { useCreateSale } from '../api/create-sale.ts';
import { useSale } from '../api/get-sale.ts';
import {
  addTenderLine,
  quickAmountButtons,
  remainingToPay,
  saleInput,
  splitChange,
  type TenderLine,
} from '../lib/checkout.ts';

// operations §4 Payment dialog and §8 Payment texts.
export const PAYMENT_TEXTS = {
  completed: 'Payment completed successfully!',
  pending: 'Transaction created. Payment confirmation will update automatically.',
  terminal: 'Please use the payment terminal to complete the transaction.',
  failed: 'Payment failed. Please try again.',
} as const;

/** operations §4: a completed cash payment closes the dialog after 2 seconds. */
export const COMPLETED_CLOSE_MS = 2000;

type PaymentDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  cart: Cart;
  total: number;
  /** The sale exists: the cart it came from must be cleared so it is never sold twice. */
  onSaleCreated: (sale: Sale) => void;
  /** The dialog is done with a sale (closed after completion, or by the cashier while it is pending). */
  onFinished: (sale: Sale) => void;
};

export function PaymentDialog({ open, onOpenChange, ...props }: PaymentDialogProps) {
  const [isBusy, setBusy] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => (isBusy && !next ? undefined : onOpenChange(next))}>
      <DialogContent className="sm:max-w-md" showCloseButton={!isBusy}>
        {/* Mounted only while open: reopening starts again at idle, cash, empty inputs (operations §4). */}
        {open && <PaymentFlow {...props} onBusyChange={setBusy} onClose={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

type Phase = 'idle' | 'completed' | 'pending' | 'failed';

function PaymentFlow({
  cart,
  total,
  onSaleCreated,
  onFinished,
  onBusyChange,
  onClose,
}: Omit<PaymentDialogProps, 'open' | 'onOpenChange'> & {
  onBusyChange: (busy: boolean) => void;
  onClose: () => void;
}) {
  const createSale = useCreateSale();
  const [phase, setPhase] = useState<Phase>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const [createdSale, setCreatedSale] = useState<Sale | null>(null);
  const [isSplit, setSplit] = useState(false);
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [received, setReceived] = useState('');
  const [reference, setReference] = useState('');
  const [splitLines, setSplitLines] = useState<TenderLine[]>([]);
  const [hasTriedCash, setTriedCash] = useState(false);
  // One Idempotency-Key per checkout attempt: a retry of the same request reuses it (never a second sale);
  // a changed request is a new attempt with a new key.
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const receivedRef = useRef<HTMLInputElement>(null);
  const inFlight = useRef(false);

  useEffect(() => onBusyChange(createSale.isPending), [createSale.isPending, onBusyChange]);

  const polled = useSale(phase === 'pending' ? (createdSale?.id ?? null) : null, { pollWhilePending: true });
  const sale = polled.data ?? createdSale;
  const shownPhase: Phase =
    phase === 'pending' && sale?.payment_status === 'completed'
      ? 'completed'
      : phase === 'pending' && sale?.payment_status === 'failed'
        ? 'failed'
        : phase;

  const finish = useRef(onFinished);
  finish.current = onFinished;
  const completedSale = shownPhase === 'completed' ? sale : null;
  useEffect(() => {
    if (!completedSale) return;
    const timer = setTimeout(() => finish.current(completedSale), COMPLETED_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [completedSale]);

  const receivedPesewas = received.trim() === '' ? null : parseCedis(received);
  const isCashValid = receivedPesewas !== null && receivedPesewas >= total;
  const splitRemaining = remainingToPay(total, splitLines);

  function submit(payments: TenderLine[]) {
    // Two clicks can land before the button re-renders disabled: the ref stops the second.
    if (inFlight.current) return;
    inFlight.current = true;
    const input = saleInput(cart, payments);
    const body = JSON.stringify(input);
    if (attempt.current?.body !== body) attempt.current = { key: crypto.randomUUID(), body };
    setFailure(null);
    createSale.mutate(
      { input, idempotencyKey: attempt.current.key },
      {
        onSettled: () => {
          inFlight.current = false;
        },
        onSuccess: ({ sale: created }) => {
          setCreatedSale(created);
          onSaleCreated(created);
          setPhase(
            created.payment_status === 'completed'
              ? 'completed'
              : created.payment_status === 'pending'
                ? 'pending'
                : 'failed',
          );
        },
        onError: (error) => {
          setFailure(error.message);
          setPhase('failed');
          toast.error('Payment failed', { description: error.message || 'Unknown error occurred' });
        },
      },
    );
  }

  function submitSingle() {
    if (method === 'cash') {
      setTriedCash(true);
      if (!isCashValid || receivedPesewas === null) {
        receivedRef.current?.focus();
        return;
      }
      submit([{ method: 'cash', amount: total, tendered: receivedPesewas }]);
      return;
    }
    submit([{ method, amount: total, reference }]);
  }

  if (shownPhase === 'completed' && sale) {
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

  if (shownPhase === 'pending' && sale) {
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
        <Button variant="outline" onClick={() => onFinished(sale)}>
          Done
        </Button>
      </div>
    );
  }

  if (shownPhase === 'failed') {
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
            <Button autoFocus onClick={() => setPhase('idle')}>
              Try again
            </Button>
          )}
        </div>
      </div>
    );
  }

  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (isSplit) {
          if (splitRemaining === 0) submit(splitLines);
        } else submitSingle();
      }}
    >
      <DialogHeader>
        <DialogTitle>Payment</DialogTitle>
        <DialogDescription>
          Total to pay{' '}
          <span className="font-semibold text-foreground text-lg tabular-nums">{formatCedis(total)}</span>
        </DialogDescription>
      </DialogHeader>

      <div className="flex items-center justify-between gap-2">
        <span className="font-medium text-sm">{isSplit ? 'Split payment' : 'Payment method'}</span>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setSplit(!isSplit);
            setSplitLines([]);
          }}
        >
          {isSplit ? 'Pay with one method' : 'Split payment'}
        </Button>
      </div>

      {isSplit ? (
        <SplitTender total={total} lines={splitLines} onChange={setSplitLines} />
      ) : (
        <>
          <MethodPicker value={method} onChange={setMethod} />
          {method === 'cash' ? (
            <div className="grid gap-2">
              <Label htmlFor="amount-received">Amount received (₵)</Label>
              <Input
                id="amount-received"
                ref={receivedRef}
                autoFocus
                inputMode="decimal"
                autoComplete="off"
                placeholder={formatCedis(total).replace('₵', '')}
                value={received}
                aria-invalid={hasTriedCash && !isCashValid ? true : undefined}
                aria-describedby="cash-feedback"
                onChange={(event) => setReceived(event.target.value)}
                className="h-12 text-lg tabular-nums"
              />
              <fieldset className="flex flex-wrap gap-2">
                <legend className="sr-only">Quick amounts</legend>
                {quickAmountButtons(total).map(({ amount, isExact }) => (
                  <Button
                    key={amount}
                    variant="outline"
                    size="sm"
                    onClick={() => {
                      setReceived(pesewasToInput(amount));
                      receivedRef.current?.focus();
                    }}
                  >
                    {isExact ? `Exact ${formatCedis(amount)}` : formatCedis(amount)}
                  </Button>
                ))}
              </fieldset>
              <div id="cash-feedback" aria-live="polite" className="min-h-6">
                {receivedPesewas !== null && isCashValid && (
                  <p
                    className="font-semibold text-emerald-700 text-lg dark:text-emerald-400"
                    data-testid="change-due"
                  >
                    Change: {formatCedis(changeDue(total, receivedPesewas))}
                  </p>
                )}
                {((receivedPesewas !== null && !isCashValid) ||
                  (hasTriedCash && receivedPesewas === null)) && (
                  <p className="font-medium text-destructive text-sm">
                    {received.trim() !== '' && receivedPesewas === null
                      ? 'Enter the amount in cedis, e.g. 50 or 50.00'
                      : insufficientAmountMessage(total, receivedPesewas ?? 0)}
                  </p>
                )}
              </div>
            </div>
          ) : (
            <div className="grid gap-2">
              <p className="rounded-md bg-secondary px-3 py-2 text-sm">{PAYMENT_TEXTS.terminal}</p>
              <Label htmlFor="payment-reference">
                Reference <span className="font-normal text-muted-foreground">(optional)</span>
              </Label>
              <Input
                id="payment-reference"
                autoComplete="off"
                value={reference}
                maxLength={100}
                onChange={(event) => setReference(event.target.value)}
              />
            </div>
          )}
        </>
      )}

      <Button
        type="submit"
        size="lg"
        disabled={
          createSale.isPending ||
          (isSplit
            ? splitRemaining > 0 || splitLines.length === 0
            : method === 'cash' && receivedPesewas !== null && !isCashValid)
        }
      >
        {createSale.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
        {createSale.isPending ? 'Processing…' : `Complete sale ${formatCedis(total)}`}
      </Button>
    </form>
  );
}

function MethodPicker({
  value,
  onChange,
  label = 'Payment method',
}: {
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  label?: string;
}) {
  return (
    <fieldset className="grid grid-cols-2 gap-2 sm:grid-cols-3">
      <legend className="sr-only">{label}</legend>
      {PAYMENT_METHODS.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={value === option}
          onClick={() => onChange(option)}
          className={cn(
            'cursor-pointer rounded-md border px-3 py-2.5 text-left font-medium text-sm outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50',
            value === option ? 'border-primary bg-primary/10 text-primary' : 'hover:bg-secondary',
          )}
        >
          {PAYMENT_METHOD_LABELS[option]}
        </button>
      ))}
    </fieldset>
  );
}

function SplitTender({
  total,
  lines,
  onChange,
}: {
  total: number;
  lines: TenderLine[];
  onChange: (lines: TenderLine[]) => void;
}) {
  const remaining = remainingToPay(total, lines);
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [amount, setAmount] = useState('');
  const amountId = useId();
  const offered = amount.trim() === '' ? remaining : parseCedis(amount);
  const change = splitChange(lines);

  function add() {
    if (offered === null || offered <= 0) return;
    onChange(addTenderLine(lines, total, method, offered));
    setAmount('');
  }

  return (
    <div className="grid gap-3">
      {lines.length > 0 && (
        <ul className="divide-y rounded-md border" aria-label="Payments">
          {lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: part payments are identified by their position
            <li key={index} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
              <span>
                {PAYMENT_METHOD_LABELS[line.method]}
                {line.method === 'cash' && line.tendered && line.tendered > line.amount && (
                  <span className="text-muted-foreground"> (received {formatCedis(line.tendered)})</span>
                )}
              </span>
              <span className="flex items-center gap-2 tabular-nums">
                {formatCedis(line.amount)}
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-7"
                  aria-label={`Remove ${PAYMENT_METHOD_LABELS[line.method]} payment`}
                  onClick={() => onChange(lines.filter((_, other) => other !== index))}
                >
                  <XIcon aria-hidden="true" />
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="flex justify-between font-medium" aria-live="polite">
        <span>Remaining</span>
        <span className="tabular-nums" data-testid="split-remaining">
          {formatCedis(remaining)}
        </span>
      </p>
      {change > 0 && (
        <p className="flex justify-between font-semibold text-emerald-700 dark:text-emerald-400">
          <span>Change</span>
          <span className="tabular-nums">{formatCedis(change)}</span>
        </p>
      )}
      {remaining > 0 && (
        <div className="grid gap-2 rounded-md border border-dashed p-3">
          <MethodPicker value={method} onChange={setMethod} label="Method of this part" />
          <Label htmlFor={amountId}>Amount (₵)</Label>
          <div className="flex gap-2">
            <Input
              id={amountId}
              inputMode="decimal"
              autoComplete="off"
              placeholder={pesewasToInput(remaining)}
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  add();
                }
              }}
            />
            <Button variant="secondary" onClick={add} disabled={offered === null || offered <= 0}>
              <PlusIcon aria-hidden="true" />
              Add
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
