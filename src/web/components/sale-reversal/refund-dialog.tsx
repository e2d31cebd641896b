import { useState } from 'react';
import { formatCedis } from '#domain/money.ts';
import { PAYMENT_METHOD_LABELS } from '#domain/payment-methods.ts';
import { howMoneyGoesBack } from '#domain/receipt.ts';
import type { HistorySale, RefundResponse } from '#domain/schemas/transactions.ts';
import { ApproverPinDialog } from '#web/components/approver-pin-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { useRefund } from '#web/lib/api/reverse-sale.ts';
import { isApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { ReasonField } from './reason-field.tsx';

type LineChoice = { quantity: number; restock: boolean };

/**
 * operations §4 Refund, with partial refunds: the lines and quantities to give back (everything left, to
 * start with), whether each goes back on the shelf (untick for damaged goods, written off), an optional
 * reason, then a confirmation. The server works out the money to the pesewa.
 */
export function RefundDialog({
  sale,
  onClose,
  onRefunded,
}: {
  sale: HistorySale | null;
  onClose: () => void;
  onRefunded: (result: RefundResponse) => void;
}) {
  return (
    <Dialog open={sale !== null} onOpenChange={(open) => open || onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        {sale && <RefundForm key={sale.id} sale={sale} onClose={onClose} onRefunded={onRefunded} />}
      </DialogContent>
    </Dialog>
  );
}

function RefundForm({
  sale,
  onClose,
  onRefunded,
}: {
  sale: HistorySale;
  onClose: () => void;
  onRefunded: (result: RefundResponse) => void;
}) {
  const refundable = sale.items.filter((item) => item.quantity - item.refunded_quantity > 0);
  const [choices, setChoices] = useState<Record<string, LineChoice>>(() =>
    Object.fromEntries(
      refundable.map((item) => [
        item.id,
        { quantity: item.quantity - item.refunded_quantity, restock: true },
      ]),
    ),
  );
  const [reason, setReason] = useState('');
  const [isConfirming, setIsConfirming] = useState(false);
  const [approval, setApproval] = useState<{ reason: string; error: string | null } | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  // The provider refused or could not be reached: nothing was refunded; try again, or hand it back in cash.
  // A refusal may be refunded in cash instead; an answer that never came may not (the money may be on its way).
  const [providerError, setProviderError] = useState<{ message: string; isCashAllowed: boolean } | null>(
    null,
  );
  const [isCashChosen, setIsCashChosen] = useState(false);
  const refund = useRefund();

  const chosen = refundable.filter((item) => (choices[item.id]?.quantity ?? 0) > 0);
  const units = chosen.reduce((sum, item) => sum + (choices[item.id]?.quantity ?? 0), 0);
  // Before tax and discounts, which the server shares out exactly.
  const goods = chosen.reduce((sum, item) => sum + item.unit_price * (choices[item.id]?.quantity ?? 0), 0);

  function submit(approverPin?: string, isCash = false) {
    setProviderError(null);
    // Awaited rather than through mutate's callbacks: the dialog may be closed while the refund is on its way,
    // which unmounts this form, and those callbacks skip an unmounted component: the money to hand back and
    // the refund's receipt were lost though the sale was refunded.
    refund
      .mutateAsync({
        id: sale.id,
        input: {
          lines: chosen.map((item) => ({
            item_id: item.id,
            quantity: choices[item.id]!.quantity,
            restock: choices[item.id]!.restock,
          })),
          reason: reason.trim() || undefined,
          approver_pin: approverPin,
          ...(isCash ? { refund_in_cash: true } : {}),
        },
      })
      .then(
        (result) => {
          const sent = result.sent_back
            ? `${formatCedis(result.sent_back.amount)} sent back to the customer's ${result.sent_back.method === 'card' ? 'card' : `${PAYMENT_METHOD_LABELS[result.sent_back.method]} number`}.`
            : null;
          const cash =
            result.cash_to_return > 0 ? `Hand back ${formatCedis(result.cash_to_return)} in cash.` : null;
          const byHand = !sent && !cash ? result.note : null;
          toast.success('Transaction refunded', {
            description: [
              `${sale.receipt_number} has been refunded (${result.refund.receipt_number}).`,
              sent,
              cash,
              byHand,
            ]
              .filter(Boolean)
              .join(' '),
          });
          onRefunded(result);
        },
        (error: Error) => {
          if (isApiError(error) && error.code === 'APPROVAL_REQUIRED') {
            setApproval({ reason: error.message, error: null });
            return;
          }
          if (isApiError(error) && error.code.startsWith('APPROVER_')) {
            setApproval((current) => ({ reason: current?.reason ?? '', error: error.message }));
            return;
          }
          setApproval(null);
          if (isApiError(error) && error.code === 'PROVIDER_REFUND_FAILED') {
            setProviderError({ message: error.message, isCashAllowed: true });
            return;
          }
          if (isApiError(error) && error.code === 'PROVIDER_REFUND_UNKNOWN') {
            setProviderError({ message: error.message, isCashAllowed: false });
            return;
          }
          setIsConfirming(false);
          if (isApiError(error) && error.fields) setFieldErrors(error.fields);
          toast.error('Failed to refund transaction', { description: error.message });
        },
      );
  }

  if (refundable.length === 0) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>Refund {sale.receipt_number}</DialogTitle>
          <DialogDescription>Transaction already refunded</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button onClick={onClose}>Close</Button>
        </DialogFooter>
      </>
    );
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>Refund {sale.receipt_number}</DialogTitle>
        <DialogDescription>
          Choose what comes back. Returned items go back into stock unless they are damaged.
        </DialogDescription>
      </DialogHeader>
      <ul className="grid gap-3" aria-label="Items to refund">
        {refundable.map((item, index) => {
          const left = item.quantity - item.refunded_quantity;
          const choice = choices[item.id]!;
          const lineIndex = chosen.findIndex((candidate) => candidate.id === item.id);
          const error = lineIndex >= 0 ? fieldErrors[`lines.${lineIndex}.quantity`] : undefined;
          return (
            <li key={item.id} className="grid gap-2 rounded-lg border p-3">
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="truncate font-medium">{item.product_name}</p>
                  <p className="text-muted-foreground text-xs">
                    {left} of {item.quantity} left to refund · {formatCedis(item.unit_price)} each
                  </p>
                </div>
              </div>
              <div className="flex flex-wrap items-center gap-3">
                <Label htmlFor={`refund-qty-${index}`} className="text-sm">
                  Quantity
                </Label>
                <Input
                  id={`refund-qty-${index}`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={left}
                  className="w-20"
                  value={choice.quantity}
                  aria-invalid={error ? true : undefined}
                  onChange={(event) => {
                    const value = Math.max(0, Math.min(left, Math.trunc(Number(event.target.value) || 0)));
                    setChoices((current) => ({ ...current, [item.id]: { ...choice, quantity: value } }));
                    setIsConfirming(false);
                  }}
                />
                <div className="flex items-center gap-2">
                  <Checkbox
                    id={`refund-restock-${index}`}
                    checked={choice.restock}
                    onCheckedChange={(checked) =>
                      setChoices((current) => ({
                        ...current,
                        [item.id]: { ...choice, restock: checked === true },
                      }))
                    }
                  />
                  <Label htmlFor={`refund-restock-${index}`} className="text-sm">
                    Back in stock
                  </Label>
                </div>
              </div>
              {!choice.restock && choice.quantity > 0 && (
                <p className="text-muted-foreground text-xs">Damaged: written off, not sold again.</p>
              )}
              {error && (
                <p role="alert" className="text-destructive text-sm">
                  {error}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <ReasonField value={reason} onChange={setReason} placeholder="e.g. Wrong size" />
      {isConfirming && (
        <p role="status" className="rounded-md bg-muted p-3 text-sm">
          Refund {units} {units === 1 ? 'item' : 'items'} ({formatCedis(goods)} before tax and discounts) from{' '}
          {sale.receipt_number}? This cannot be undone.
        </p>
      )}
      <p className="text-muted-foreground text-sm">{howMoneyGoesBack(sale.payments)}</p>
      {providerError && (
        <div role="alert" className="grid gap-2 rounded-md border border-destructive p-3 text-sm">
          <p>{providerError.message}</p>
          {providerError.isCashAllowed && (
            <Button
              variant="outline"
              className="justify-self-start"
              disabled={refund.isPending}
              onClick={() => {
                setIsCashChosen(true);
                submit(undefined, true);
              }}
            >
              Refund in cash instead
            </Button>
          )}
        </div>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        {isConfirming ? (
          <Button variant="destructive" disabled={refund.isPending} onClick={() => submit()}>
            {refund.isPending ? 'Refunding…' : providerError ? 'Try again' : 'Confirm refund'}
          </Button>
        ) : (
          <Button disabled={units === 0} onClick={() => setIsConfirming(true)}>
            Refund {units} {units === 1 ? 'item' : 'items'}
          </Button>
        )}
      </DialogFooter>
      <ApproverPinDialog
        open={approval !== null}
        reason={approval?.reason ?? ''}
        error={approval?.error}
        isSubmitting={refund.isPending}
        onApprove={(pin) => submit(pin, isCashChosen)}
        onCancel={() => setApproval(null)}
      />
    </>
  );
}
