import { EyeIcon, EyeOffIcon, HashIcon } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { PIN_LENGTH } from '#domain/pin.ts';
import { NewPinInput } from '#web/components/new-pin-input.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { isApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { useChangePin } from '../api/change-pin.ts';

const PIN_LENGTH_MESSAGE = 'Your PIN must be exactly 6 digits';
const MISMATCH_MESSAGE = "PINs don't match";

/**
 * Choosing another six-digit PIN for the till, unique in the business. Being signed in is the proof asked
 * for, as on the first-login screen; a PIN already held by a colleague or too many tries show on the field.
 */
export function ChangePinForm() {
  const change = useChangePin();
  const [pin, setPin] = useState('');
  const [confirm, setConfirm] = useState('');
  const [isVisible, setVisible] = useState(false);
  const [errors, setErrors] = useState<{ pin?: string; confirm?: string }>({});
  const pinRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const type = isVisible ? 'text' : 'password';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (change.isPending) return;
    if (pin.length !== PIN_LENGTH) {
      setErrors({ pin: PIN_LENGTH_MESSAGE });
      pinRef.current?.focus();
      return;
    }
    if (pin !== confirm) {
      setErrors({ confirm: MISMATCH_MESSAGE });
      confirmRef.current?.focus();
      return;
    }
    setErrors({});
    try {
      await change.mutateAsync({ pin });
      setPin('');
      setConfirm('');
      toast.success('PIN changed', { description: 'Use your new PIN at the till from now on.' });
    } catch (error) {
      // A PIN taken by a colleague names the field; a rate limit or anything else is still about this PIN.
      const message =
        (isApiError(error) && error.fields?.pin) ||
        (error instanceof Error ? error.message : 'Your PIN could not be changed');
      setErrors({ pin: message });
      pinRef.current?.focus();
    }
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Change PIN">
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField id="profile-new-pin" label="New PIN" hint="Six digits." error={errors.pin}>
          <NewPinInput
            ref={pinRef}
            type={type}
            value={pin}
            onValueChange={(next) => {
              setPin(next);
              setErrors({});
            }}
          />
        </FormField>
        <FormField id="profile-confirm-pin" label="Confirm new PIN" error={errors.confirm}>
          <NewPinInput
            ref={confirmRef}
            type={type}
            value={confirm}
            onValueChange={(next) => {
              setConfirm(next);
              setErrors((current) => ({ pin: current.pin }));
            }}
          />
        </FormField>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? <Spinner label="Saving" /> : <HashIcon aria-hidden="true" />}
          Change PIN
        </Button>
        <Button variant="ghost" onClick={() => setVisible((visible) => !visible)} aria-pressed={isVisible}>
          {isVisible ? <EyeOffIcon aria-hidden="true" /> : <EyeIcon aria-hidden="true" />}
          {isVisible ? 'Hide PINs' : 'Show PINs'}
        </Button>
      </div>
    </form>
  );
}
