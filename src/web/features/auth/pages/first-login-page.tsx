import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PasswordInput } from '#web/components/password-input.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { isApiError } from '#web/lib/api-client.ts';
import { useBusiness } from '#web/lib/business-context.tsx';
import { useMe } from '#web/lib/session.ts';
import { useChooseOwnPin } from '../api/choose-pin.ts';
import { AuthCard } from '../components/auth-card.tsx';

const digitsOnly = (text: string) => text.replace(/\D/g, '').slice(0, 6);

/**
 * First login (operations §4 Employee, platform §4): after signing in with the PIN a manager issued, which is
 * now cleared, the person chooses their own six-digit PIN (unique in the business) and may set a password
 * for email sign-in on devices that are not tills.
 */
export function FirstLoginPage() {
  const business = useBusiness();
  const me = useMe().data;
  const navigate = useNavigate();
  const choose = useChooseOwnPin();
  const [pin, setPin] = useState('');
  const [confirm, setConfirm] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!/^\d{6}$/.test(pin)) found.pin = 'Your PIN must be exactly 6 digits';
    else if (pin !== confirm) found.confirm = "PINs don't match";
    if (password && password.length < 8) found.password = 'Password must be at least 8 characters';
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    try {
      await choose.mutateAsync({ pin, ...(password ? { password } : {}) });
      toast.success('Your PIN is set', {
        description: password
          ? 'You can also sign in with your email and password.'
          : 'Use it at the till from now on.',
      });
      navigate('/app', { replace: true });
    } catch (error) {
      const message = error instanceof Error ? error.message : 'Your PIN could not be saved';
      if (isApiError(error) && error.fields) setErrors(error.fields);
      setFormError(message);
    }
  }

  const name = me?.user.first_name ?? '';
  return (
    <AuthCard heading={business.name} subheading={`Welcome${name ? `, ${name}` : ''}! Choose your own PIN`}>
      <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Choose your PIN">
        <p className="text-muted-foreground text-sm">
          The PIN from your manager worked once and is no longer valid. Choose six digits only you know: you
          will use them to sign in at the till.
        </p>
        <FormField id="new-pin" label="New PIN" error={errors.pin}>
          <Input
            type="password"
            inputMode="numeric"
            autoComplete="new-password"
            maxLength={6}
            className="font-mono tracking-[0.4em]"
            value={pin}
            onChange={(e) => setPin(digitsOnly(e.target.value))}
          />
        </FormField>
        <FormField id="confirm-pin" label="Confirm PIN" error={errors.confirm}>
          <Input
            type="password"
            inputMode="numeric"
            autoComplete="new-password"
            maxLength={6}
            className="font-mono tracking-[0.4em]"
            value={confirm}
            onChange={(e) => setConfirm(digitsOnly(e.target.value))}
          />
        </FormField>
        <FormField
          id="first-password"
          label="Password"
          optional
          hint="To sign in with your email on a phone or computer that is not a till. At least 8 characters."
          error={errors.password}
        >
          <PasswordInput
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </FormField>
        {formError && (
          <p role="alert" className="font-medium text-destructive text-sm">
            {formError}
          </p>
        )}
        <Button
          type="submit"
          size="lg"
          disabled={pin.length !== 6 || confirm.length !== 6 || choose.isPending}
        >
          {choose.isPending && <Spinner label="Saving" />}
          Save my PIN
        </Button>
      </form>
    </AuthCard>
  );
}
