import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatDateTime } from '#domain/dates.ts';
import { NewPinInput } from '#web/components/new-pin-input.tsx';
import { PageSpinner } from '#web/components/page-spinner.tsx';
import { PasswordInput } from '#web/components/password-input.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { isApiError } from '#web/lib/api-client.ts';
import { useBusiness } from '#web/lib/business-context.tsx';
import { useMe } from '#web/lib/session.ts';
import { toast } from '#web/lib/toast.ts';
import { useChooseOwnPin } from '../api/choose-pin.ts';
import { AuthCard } from '../components/auth-card.tsx';

const TILL_PATH = '/app/pos';

/**
 * First login (operations §4 Employee, platform §4): after signing in with the PIN a manager issued, the
 * person chooses their own six-digit PIN (unique in the business) and may set a password for email sign-in
 * on devices that are not tills. The issued PIN works until then, so leaving this screen locks nobody out.
 * With no issued PIN to replace, the screen says so instead of offering a choice.
 */
export function FirstLoginPage() {
  const business = useBusiness();
  const me = useMe();
  if (me.isPending) return <PageSpinner label="Loading..." />;
  if (!me.data?.pin_choice.due) {
    return (
      <AuthCard heading={business.name} subheading="No PIN to choose">
        <div className="grid gap-4">
          <p className="text-muted-foreground text-sm">
            There is no PIN from your manager waiting to be replaced, so there is nothing to choose here. You
            can change your own PIN any time on My profile.
          </p>
          <Button asChild size="lg">
            <Link to={TILL_PATH}>Go to the till</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/app/profile">Open My profile</Link>
          </Button>
        </div>
      </AuthCard>
    );
  }
  return (
    <ChoosePinForm
      name={me.data.user.first_name}
      issuedPinExpiresAt={me.data.pin_choice.issued_pin_expires_at}
    />
  );
}

function ChoosePinForm({ name, issuedPinExpiresAt }: { name: string; issuedPinExpiresAt: string | null }) {
  const business = useBusiness();
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

  return (
    <AuthCard heading={business.name} subheading={`Welcome${name ? `, ${name}` : ''}! Choose your own PIN`}>
      <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Choose your PIN">
        <p className="text-muted-foreground text-sm">
          Your manager gave you a PIN to start with. Choose six digits only you know: you will use them to
          sign in at the till.
        </p>
        <FormField id="new-pin" label="New PIN" error={errors.pin}>
          <NewPinInput value={pin} onValueChange={setPin} />
        </FormField>
        <FormField id="confirm-pin" label="Confirm PIN" error={errors.confirm}>
          <NewPinInput value={confirm} onValueChange={setConfirm} />
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
        <p className="text-muted-foreground text-sm">
          Not now? Your manager's PIN keeps working
          {issuedPinExpiresAt ? ` until ${formatDateTime(issuedPinExpiresAt, business.timezone)}` : ''}, and
          you will be asked again when you next sign in with it.{' '}
          <Link to={TILL_PATH} className="font-medium text-primary underline underline-offset-4">
            Choose later and go to the till
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
