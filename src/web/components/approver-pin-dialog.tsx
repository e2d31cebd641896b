import { ShieldCheckIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { cleanPinInput, PIN_MIN_DIGITS } from '#domain/pin.ts';
import { Button } from '#web/components/ui/button.tsx';
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

/**
 * A manager or owner approves one action on the spot (a discount above the limit, a refund, a void) by typing
 * their PIN on the same till. The PIN goes with that one request and is checked by the server; it is never
 * kept in the browser.
 */
export function ApproverPinDialog({
  open,
  title = 'Manager approval needed',
  reason,
  error,
  isSubmitting,
  onApprove,
  onCancel,
}: {
  open: boolean;
  title?: string;
  /** Why approval is needed, in the server's words ("Discounts above 10% need …"). */
  reason: string;
  /** The server's answer to a wrong PIN. */
  error?: string | null;
  isSubmitting: boolean;
  onApprove: (pin: string) => void;
  onCancel: () => void;
}) {
  const [pin, setPin] = useState('');
  const inputId = useId();
  const errorId = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    if (pin.length >= PIN_MIN_DIGITS) onApprove(pin);
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setPin('');
          onCancel();
        }
      }}
    >
      <DialogContent className="sm:max-w-sm">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <ShieldCheckIcon className="size-5 text-primary" aria-hidden="true" />
            {title}
          </DialogTitle>
          <DialogDescription>
            {asSentence(reason)} A manager or owner enters their PIN to approve this once.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit}>
          <div className="grid gap-2">
            <Label htmlFor={inputId}>Approver PIN</Label>
            <Input
              id={inputId}
              type="password"
              inputMode="numeric"
              autoComplete="off"
              autoFocus
              maxLength={6}
              value={pin}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => setPin(cleanPinInput(event.target.value))}
            />
            {error && (
              <p id={errorId} role="alert" className="text-destructive text-sm">
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                setPin('');
                onCancel();
              }}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={pin.length < PIN_MIN_DIGITS || isSubmitting}>
              {isSubmitting ? 'Checking…' : 'Approve'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The server's refusal ("Discounts above 10% need a manager's or owner's approval") as a sentence. */
function asSentence(text: string): string {
  const trimmed = text.trim();
  return trimmed === '' || /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
