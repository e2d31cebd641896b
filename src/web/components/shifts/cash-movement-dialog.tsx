import { useState } from 'react';
import { formatCedis } from '#domain/money.ts';
import type { CashMovementKind, ShiftDetail } from '#domain/schemas/shifts.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { useCashMovement } from '#web/lib/api/shifts.ts';
import { serverFieldErrors } from '#web/lib/server-field-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { AmountField, amountOf } from './amount-field.tsx';

const KIND_LABELS: Record<CashMovementKind, string> = { in: 'Cash in', out: 'Cash out' };

/** Cash put into the drawer (change from the bank) or taken out of it (a supplier paid), with the reason. */
export function CashMovementDialog({
  shift,
  open,
  onOpenChange,
}: {
  shift: ShiftDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [kind, setKind] = useState<CashMovementKind>('out');
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const move = useCashMovement(shift.id);

  const submit = () => {
    const amount = amountOf(amountText);
    const found: Record<string, string> = {};
    if (amount === null || amount === 0) found.amount = 'Enter an amount in cedis, more than ₵0.00';
    if (!reason.trim()) found.reason = 'Reason is required';
    setErrors(found);
    if (amount === null || Object.keys(found).length > 0) return;
    move.mutate(
      { kind, amount, reason: reason.trim() },
      {
        onSuccess: () => {
          toast.success(`${KIND_LABELS[kind]} recorded`, {
            description: `${formatCedis(amount)}: ${reason.trim()}`,
          });
          setAmountText('');
          setReason('');
          onOpenChange(false);
        },
        onError: (error) => {
          const fields = serverFieldErrors(error);
          if (fields) setErrors(fields);
          else toast.error(`${KIND_LABELS[kind]} not recorded`, { description: error.message });
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Cash in or out</DialogTitle>
          <DialogDescription>
            Expected in the drawer now: {formatCedis(shift.expected_cash ?? shift.figures.expected_cash)}.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <fieldset className="grid grid-cols-2 gap-2">
            <legend className="mb-2 font-medium text-sm">Direction</legend>
            {(['in', 'out'] as const).map((option) => (
              <Button
                key={option}
                type="button"
                variant={kind === option ? 'default' : 'outline'}
                aria-pressed={kind === option}
                onClick={() => setKind(option)}
              >
                {KIND_LABELS[option]}
              </Button>
            ))}
          </fieldset>
          <AmountField
            id="cash-amount"
            label="Amount (₵)"
            value={amountText}
            onChange={setAmountText}
            error={errors.amount}
            autoFocus
          />
          <FormField id="cash-reason" label="Reason" error={errors.reason}>
            <Input
              value={reason}
              maxLength={200}
              placeholder={kind === 'in' ? 'Bought change from the bank' : 'Paid for bread delivery'}
              onChange={(event) => setReason(event.target.value)}
            />
          </FormField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={move.isPending}>
              {move.isPending ? 'Saving…' : `Record ${KIND_LABELS[kind].toLowerCase()}`}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
