import { useState } from 'react';
import { formatCedis } from '#domain/money.ts';
import type { ShiftDetail } from '#domain/schemas/shifts.ts';
import {
  CEDI_DENOMINATIONS,
  cashDifference,
  countedTotal,
  type DenominationCount,
  describeDifference,
  differenceKind,
} from '#domain/shifts.ts';
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
import { Textarea } from '#web/components/ui/textarea.tsx';
import { useCloseShift } from '#web/lib/api/shifts.ts';
import { cn } from '#web/lib/cn.ts';
import { serverFieldErrors } from '#web/lib/server-field-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { AmountField, amountOf } from './amount-field.tsx';

type Mode = 'count' | 'total';

/** Pieces typed per note and coin; blank is none, anything else must be a whole number. */
function piecesOf(texts: Record<string, string>): { count: DenominationCount; isValid: boolean } {
  const count: DenominationCount = {};
  let isValid = true;
  for (const [id, text] of Object.entries(texts)) {
    if (text.trim() === '') continue;
    if (!/^\d{1,6}$/.test(text.trim())) isValid = false;
    else if (Number(text) > 0) count[id] = Number(text);
  }
  return { count, isValid };
}

/**
 * Closing a shift: the cash counted, note by note and coin by coin or as one total, against what the system
 * expects, with the difference shown before anything is saved. Closing is final.
 */
export function CloseShiftDialog({
  shift,
  open,
  onOpenChange,
  onClosed,
}: {
  shift: ShiftDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onClosed: (shift: ShiftDetail) => void;
}) {
  const [mode, setMode] = useState<Mode>('count');
  const [pieces, setPieces] = useState<Record<string, string>>({});
  const [totalText, setTotalText] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const close = useCloseShift(shift.id);
  const expected = shift.expected_cash ?? shift.figures.expected_cash;

  const counted = piecesOf(pieces);
  const countedCash =
    mode === 'count' ? (counted.isValid ? countedTotal(counted.count) : null) : amountOf(totalText);
  const difference = countedCash === null ? null : cashDifference(expected, countedCash);

  const submit = () => {
    if (countedCash === null) {
      setError(
        mode === 'count'
          ? 'Enter whole numbers of notes and coins'
          : 'Enter the cash counted in cedis, e.g. 254.50',
      );
      return;
    }
    setError(undefined);
    // Awaited rather than through mutate's callbacks: closing empties the till's current shift, and the bar
    // that holds this dialog goes with it, sometimes before those callbacks would run (they skip an unmounted
    // component), which lost the Z report.
    close
      .mutateAsync({
        counted_cash: countedCash,
        denominations: mode === 'count' ? (counted.count as Record<string, number>) : null,
        note: note.trim() || undefined,
      })
      .then(
        (closed) => {
          toast.success('Shift closed', {
            description: `Counted ${formatCedis(countedCash)}: ${describeDifference(closed.difference ?? 0).toLowerCase()}.`,
          });
          setPieces({});
          setTotalText('');
          setNote('');
          onClosed(closed);
        },
        (failure: Error) => {
          const fields = serverFieldErrors(failure);
          if (fields) setError(Object.values(fields)[0]);
          else toast.error('Shift not closed', { description: failure.message });
        },
      );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[95dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Close shift</DialogTitle>
          <DialogDescription>
            {shift.cashier.name} on {shift.till_name}. Count the cash in the drawer; once closed the shift can
            no longer change.
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
            <legend className="sr-only">How to enter the count</legend>
            <Button
              type="button"
              variant={mode === 'count' ? 'default' : 'outline'}
              aria-pressed={mode === 'count'}
              className="h-auto min-h-9 whitespace-normal py-1.5"
              onClick={() => setMode('count')}
            >
              Count notes and coins
            </Button>
            <Button
              type="button"
              variant={mode === 'total' ? 'default' : 'outline'}
              aria-pressed={mode === 'total'}
              className="h-auto min-h-9 whitespace-normal py-1.5"
              onClick={() => setMode('total')}
            >
              Enter total
            </Button>
          </fieldset>

          {mode === 'count' ? (
            <div className="grid gap-3 sm:grid-cols-2">
              {(['note', 'coin'] as const).map((kind) => (
                <fieldset key={kind} className="grid gap-1.5">
                  <legend className="mb-1 font-medium text-sm">{kind === 'note' ? 'Notes' : 'Coins'}</legend>
                  {CEDI_DENOMINATIONS.filter((d) => d.kind === kind).map((denomination) => {
                    const text = pieces[denomination.id] ?? '';
                    const count = /^\d{1,6}$/.test(text.trim()) ? Number(text) : 0;
                    return (
                      <div
                        key={denomination.id}
                        className="grid grid-cols-[3.5rem_1fr_5.5rem] items-center gap-2"
                      >
                        <label htmlFor={`count-${denomination.id}`} className="font-medium text-sm">
                          {denomination.label}
                        </label>
                        <Input
                          id={`count-${denomination.id}`}
                          aria-label={`${denomination.label} ${kind}s`}
                          type="text"
                          inputMode="numeric"
                          autoComplete="off"
                          placeholder="0"
                          className="h-9"
                          value={text}
                          onChange={(event) =>
                            setPieces((current) => ({ ...current, [denomination.id]: event.target.value }))
                          }
                        />
                        <span className="text-right text-muted-foreground text-sm tabular-nums">
                          {formatCedis(count * denomination.value)}
                        </span>
                      </div>
                    );
                  })}
                </fieldset>
              ))}
            </div>
          ) : (
            <AmountField
              id="shift-counted"
              label="Cash counted (₵)"
              value={totalText}
              onChange={setTotalText}
              autoFocus
            />
          )}

          <dl
            aria-label="Cash-up"
            className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-lg border bg-muted/40 p-3 text-sm"
          >
            <dt>Expected in drawer</dt>
            <dd className="text-right tabular-nums">{formatCedis(expected)}</dd>
            <dt>Counted</dt>
            <dd className="text-right tabular-nums" data-testid="counted-cash">
              {countedCash === null ? '—' : formatCedis(countedCash)}
            </dd>
            <dt className="font-semibold">Difference</dt>
            <dd
              className={cn(
                'text-right font-semibold tabular-nums',
                difference !== null && differenceKind(difference) === 'short' && 'text-destructive',
                difference !== null &&
                  differenceKind(difference) === 'over' &&
                  'text-amber-700 dark:text-amber-400',
              )}
              data-testid="cash-difference"
            >
              {difference === null ? '—' : describeDifference(difference)}
            </dd>
          </dl>
          {error && (
            <p role="alert" className="text-destructive text-sm">
              {error}
            </p>
          )}
          <FormField id="shift-close-note" label="Note" optional>
            <Textarea
              rows={2}
              maxLength={500}
              placeholder="Why the drawer is over or short, if you know"
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </FormField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={close.isPending}>
              {close.isPending ? 'Closing…' : 'Close shift'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
