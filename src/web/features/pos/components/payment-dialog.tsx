import { Loader2Icon, PlusIcon, XIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { type Cart, cartTotals } from '#domain/cart.ts';
import { networkForPhone } from '#domain/ghana-phone.ts';
import { redemptionValue } from '#domain/loyalty.ts';
import { formatCedis, parseCedis, pesewasToInput } from '#domain/money.ts';
import {
  MOBILE_MONEY_METHODS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '#domain/payment-methods.ts';
import type { PaymentMethodsResponse } from '#domain/schemas/payments.ts';
import type { Sale } from '#domain/schemas/sales.ts';
import { changeDue, insufficientAmountMessage } from '#domain/settlement.ts';
import { ApproverPinDialog } from '#web/components/approver-pin-dialog.tsx';
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
import { useLoyaltySettings } from '#web/lib/api/loyalty.ts';
import { useOnline } from '#web/lib/offline/status.ts';
import { usePaymentMethods } from '../api/get-payment-methods.ts';
import { useCheckout } from '../hooks/use-checkout.ts';
import {
  addTenderLine,
  cashChange,
  quickAmountButtons,
  remainingToPay,
  type TenderLine,
} from '../lib/checkout.ts';
import { MethodPicker } from './method-picker.tsx';
import { isMethodAvailable, NonCashFields, nonCashTender } from './non-cash-fields.tsx';
import { PaymentCompleted, PaymentFailed, PaymentPending } from './payment-states.tsx';
import { RedeemPoints } from './redeem-points.tsx';

// operations §4 Payment dialog: the form (one method or split) here; the request and its states in
// useCheckout, the completed / pending / failed views in payment-states.tsx.

type PaymentDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  cart: Cart;
  total: number;
  /** The sale exists: the cart it came from must be cleared so it is never sold twice. */
  onSaleCreated: (sale: Sale) => void;
  /** The dialog is done with a sale (closed after completion, or by the cashier while it is pending). */
  onFinished: (sale: Sale) => void;
  /** A payment failed or was cancelled: the cart it came from comes back for another try. */
  onRestoreCart: (cart: Cart) => void;
  /**
   * Manual mobile money is chosen: the shop's MoMo merchant number the customer sends to, for the customer
   * display too (null when it is no longer shown).
   */
  onMerchantShown?: (shown: MerchantShown | null) => void;
};

export type MerchantShown = { method: PaymentMethod; number: string; name: string | null };

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

function PaymentFlow({
  cart,
  total: cartTotal,
  onSaleCreated,
  onFinished,
  onRestoreCart,
  onMerchantShown,
  onBusyChange,
  onClose,
}: Omit<PaymentDialogProps, 'open' | 'onOpenChange'> & {
  onBusyChange: (busy: boolean) => void;
  onClose: () => void;
}) {
  // Loyalty points redeemed come off the total to pay (the server values them again).
  const [redeemPoints, setRedeemPoints] = useState(0);
  const loyaltySettings = useLoyaltySettings();
  const redeemedValue =
    redeemPoints > 0 && loyaltySettings.data ? redemptionValue(redeemPoints, loyaltySettings.data) : 0;
  const total = cartTotal - redeemedValue;
  const cartPriced = cartTotals(cart);
  const checkout = useCheckout({
    cart,
    redeemPoints,
    onSaleCreated,
    onFinished,
    onBusyChange,
    onRestoreCart,
  });
  const fetchedMethods = usePaymentMethods();
  const isOnlineNow = useOnline();
  // Offline only cash and manual mobile money complete (issue 15): the others stay visible, disabled with why.
  const methods = { data: isOnlineNow ? fetchedMethods.data : offlineMethods(fetchedMethods.data ?? null) };
  const [isSplit, setSplit] = useState(false);
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [received, setReceived] = useState('');
  const [reference, setReference] = useState('');
  const [phone, setPhone] = useState('');
  const [hasTriedOther, setTriedOther] = useState(false);
  const [splitLines, setSplitLines] = useState<TenderLine[]>([]);
  const [hasTriedCash, setTriedCash] = useState(false);
  const receivedRef = useRef<HTMLInputElement>(null);
  const { phase, sale, submit } = checkout;

  const receivedPesewas = received.trim() === '' ? null : parseCedis(received);
  const isCashValid = receivedPesewas !== null && receivedPesewas >= total;
  const splitRemaining = remainingToPay(total, splitLines);

  const provider = methods.data?.provider ?? null;
  const tender = nonCashTender(method, provider, phone, reference);

  // While the cashier is on manual mobile money, the customer display shows the number to send the money to.
  const merchant = methods.data?.merchant ?? null;
  const shownNumber =
    phase === 'idle' &&
    !isSplit &&
    provider === 'manual' &&
    merchant &&
    MOBILE_MONEY_METHODS.includes(method) &&
    isMethodAvailable(methods.data ?? null, method)
      ? merchant
      : null;
  const merchantNumber = shownNumber?.number ?? null;
  const merchantName = shownNumber?.name ?? null;
  useEffect(() => {
    if (!onMerchantShown) return;
    onMerchantShown(merchantNumber ? { method, number: merchantNumber, name: merchantName } : null);
    return () => onMerchantShown(null);
  }, [onMerchantShown, method, merchantNumber, merchantName]);

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
    setTriedOther(true);
    if (tender.problem) {
      document.getElementById(tender.field)?.focus();
      return;
    }
    submit([{ method, amount: total, ...tender.line }]);
  }

  if (phase === 'completed' && sale) return <PaymentCompleted sale={sale} />;
  if (phase === 'pending' && sale) {
    return (
      <PaymentPending
        sale={sale}
        isBusy={checkout.isActing}
        actionError={checkout.actionError}
        onCheck={() => checkout.pendingAction({ kind: 'check', saleId: sale.id })}
        onCancel={() => checkout.pendingAction({ kind: 'cancel', saleId: sale.id })}
        onOtp={(paymentId, otp) => checkout.pendingAction({ kind: 'otp', saleId: sale.id, paymentId, otp })}
        onDone={() => onFinished(sale)}
      />
    );
  }
  if (phase === 'failed') {
    return (
      <PaymentFailed
        sale={sale}
        failure={checkout.failure}
        onClose={onClose}
        onTryAgain={checkout.tryAgain}
      />
    );
  }

  return (
    <>
      <ApproverPinDialog
        open={checkout.approval !== null}
        title="Discount needs approval"
        reason={checkout.approval?.reason ?? ''}
        error={checkout.approval?.error}
        isSubmitting={checkout.isSubmitting}
        onApprove={(pin) => checkout.approve(pin)}
        onCancel={checkout.cancelApproval}
      />
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
            {redeemedValue > 0 && (
              <span className="block text-xs">
                {formatCedis(cartTotal)} less {formatCedis(redeemedValue)} in points
              </span>
            )}
          </DialogDescription>
        </DialogHeader>

        <RedeemPoints
          customer={cart.customer}
          payable={cartPriced.subtotal - cartPriced.discount_amount}
          redeemed={redeemPoints}
          onChange={(next) => {
            setRedeemPoints(next);
            // The amounts already split were for the old total.
            setSplitLines([]);
          }}
        />

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
          <SplitTender
            total={total}
            lines={splitLines}
            onChange={setSplitLines}
            methods={methods.data ?? null}
          />
        ) : (
          <>
            <MethodPicker
              value={method}
              onChange={setMethod}
              availability={methods.data?.methods}
              unavailableLabel={isOnlineNow ? undefined : 'Needs internet'}
            />
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
              <NonCashFields
                method={method}
                methods={methods.data ?? null}
                phone={phone}
                reference={reference}
                problem={hasTriedOther ? tender.problem : null}
                onPhoneChange={(value) => {
                  setPhone(value);
                  // The network follows the number's prefix; the cashier may still pick another.
                  const network = networkForPhone(value);
                  if (network && network !== method) setMethod(network);
                }}
                onReferenceChange={setReference}
              />
            )}
          </>
        )}

        <Button
          type="submit"
          size="lg"
          disabled={
            checkout.isSubmitting ||
            (isSplit
              ? splitRemaining > 0 || splitLines.length === 0
              : (method === 'cash' && receivedPesewas !== null && !isCashValid) ||
                !isMethodAvailable(methods.data ?? null, method))
          }
        >
          {checkout.isSubmitting && <Loader2Icon className="animate-spin" aria-hidden="true" />}
          {checkout.isSubmitting ? 'Processing…' : `Complete sale ${formatCedis(total)}`}
        </Button>
      </form>
    </>
  );
}

function SplitTender({
  total,
  lines,
  onChange,
  methods,
}: {
  total: number;
  lines: TenderLine[];
  onChange: (lines: TenderLine[]) => void;
  methods: PaymentMethodsResponse | null;
}) {
  const remaining = remainingToPay(total, lines);
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [amount, setAmount] = useState('');
  const [phone, setPhone] = useState('');
  const [reference, setReference] = useState('');
  const [hasTried, setTried] = useState(false);
  const tender = nonCashTender(method, methods?.provider ?? null, phone, reference);
  const amountId = useId();
  const offered = amount.trim() === '' ? remaining : parseCedis(amount);
  const change = cashChange(lines);

  function add() {
    if (offered === null || offered <= 0 || !isMethodAvailable(methods, method)) return;
    if (method !== 'cash' && tender.problem) {
      setTried(true);
      return;
    }
    onChange(addTenderLine(lines, total, method, offered, method === 'cash' ? undefined : tender.line));
    setAmount('');
    setPhone('');
    setReference('');
    setTried(false);
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
          <MethodPicker
            value={method}
            onChange={setMethod}
            label="Method of this part"
            availability={methods?.methods}
            unavailableLabel={
              methods?.methods.some((entry) => entry.reason === OFFLINE_METHOD_REASON)
                ? 'Needs internet'
                : undefined
            }
          />
          {method !== 'cash' && (
            <NonCashFields
              method={method}
              methods={methods}
              phone={phone}
              reference={reference}
              problem={hasTried ? tender.problem : null}
              onPhoneChange={(value) => {
                setPhone(value);
                const network = networkForPhone(value);
                if (network && network !== method) setMethod(network);
              }}
              onReferenceChange={setReference}
              idPrefix="split-"
            />
          )}
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
            <Button
              variant="secondary"
              onClick={add}
              disabled={offered === null || offered <= 0 || !isMethodAvailable(methods, method)}
            >
              <PlusIcon aria-hidden="true" />
              Add
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}

export const OFFLINE_METHOD_REASON =
  'Needs internet: card and mobile money prompts can’t be sent offline. Take cash, or wait for the connection.';

/**
 * The methods as the till offers them offline: cash, and manual mobile money when the business takes it (the
 * customer sends the money to the shop's number, the cashier types the transaction ID: nobody has to be asked);
 * card and provider mobile money disabled with why.
 */
export function offlineMethods(methods: PaymentMethodsResponse | null): PaymentMethodsResponse {
  const isManual = methods?.provider === 'manual';
  return {
    provider: methods?.provider ?? 'sandbox',
    mode: methods?.mode ?? 'test',
    merchant: isManual ? (methods?.merchant ?? null) : null,
    methods: PAYMENT_METHODS.map((method) => {
      const takesOffline =
        method === 'cash' ||
        (isManual &&
          MOBILE_MONEY_METHODS.includes(method) &&
          (methods?.methods.find((entry) => entry.method === method)?.available ?? false));
      return { method, available: takesOffline, reason: takesOffline ? null : OFFLINE_METHOD_REASON };
    }),
  };
}
