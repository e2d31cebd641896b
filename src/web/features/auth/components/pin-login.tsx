import { DeleteIcon, EyeIcon, EyeOffIcon, LogInIcon } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { canSubmitPin, cleanPinInput, PIN_LENGTH } from '#domain/pin.ts';
import { PIN_MESSAGE, pinSignInInput } from '#domain/schemas/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { isApiError } from '#web/lib/api-client.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { cn } from '#web/lib/cn.ts';
import { writePinSession } from '#web/lib/pin-session.ts';
import { toast } from '#web/lib/toast.ts';
import { usePinSignIn } from '../api/pin-sign-in.ts';

/** Where a person goes after signing in with a PIN a manager issued (first login or a new PIN). */
export const FIRST_LOGIN_PATH = '/app/first-login';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;
const ROLE_LABELS: Record<string, string> = { owner: 'Owner', manager: 'Manager', cashier: 'Cashier' };

/**
 * platform §2 "PIN screen": a masked PIN field with show/hide, a keypad 0-9 with Clear and backspace, and
 * Sign In enabled from 4 digits (the call itself takes exactly 6).
 */
export function PinLogin({ onSignedIn }: { onSignedIn: (next?: string) => Promise<void> }) {
  const [pin, setPin] = useState('');
  const [isVisible, setVisible] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const signIn = usePinSignIn();
  const slug = useBusinessSlug();

  function change(next: string) {
    setPin(cleanPinInput(next));
    setError(null);
  }
  function press(digit: string) {
    change(pin + digit);
    inputRef.current?.focus();
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmitPin(pin) || signIn.isPending) return;
    const parsed = pinSignInInput.safeParse({ pin });
    if (!parsed.success) {
      setError(PIN_MESSAGE);
      inputRef.current?.focus();
      return;
    }
    try {
      const result = await signIn.mutateAsync(parsed.data);
      writePinSession(slug, {
        user: {
          user_id: result.user_id,
          user_email: result.user_email,
          user_name: result.user_name,
          user_role: result.user_role,
        },
        is_pending: result.is_pending,
        timestamp: Date.now(),
        expiresAt: Date.parse(result.expires_at),
      });
      if (result.must_choose_pin) {
        // Signed in with a PIN from the manager: the person chooses their own next (that PIN works until then).
        toast.success(`Welcome, ${result.user_name}!`, { description: 'Now choose your own PIN.' });
        await onSignedIn(FIRST_LOGIN_PATH);
        return;
      }
      toast.success(`Welcome back, ${result.user_name}!`, {
        description: `Signed in as ${ROLE_LABELS[result.user_role] ?? result.user_role}`,
      });
      await onSignedIn();
    } catch (caught) {
      // platform §8 "Invalid PIN": toast, field cleared, focus returns.
      const message = isApiError(caught)
        ? caught.status === 0
          ? `Authentication error: ${caught.message}`
          : caught.message
        : 'Invalid PIN. Please check your PIN and try again.';
      toast.error('Invalid PIN', { description: message });
      setError(message);
      setPin('');
      inputRef.current?.focus();
    }
  }

  const keyClass = 'h-14 text-xl font-semibold';
  return (
    <form onSubmit={onSubmit} className="grid gap-5" aria-label="Quick login with PIN">
      <div className="grid gap-2">
        <label htmlFor="pin" className="font-medium text-sm">
          Enter your PIN
        </label>
        <div className="relative">
          <input
            ref={inputRef}
            id="pin"
            name="pin"
            type={isVisible ? 'text' : 'password'}
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            maxLength={PIN_LENGTH}
            value={pin}
            onChange={(event) => change(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'pin-error' : 'pin-hint'}
            className={cn(
              'h-14 w-full rounded-lg border border-input bg-background px-12 text-center font-mono text-2xl tracking-[0.5em] shadow-xs outline-none dark:bg-input/30',
              'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 aria-invalid:border-destructive',
            )}
          />
          <button
            type="button"
            onClick={() => setVisible((visible) => !visible)}
            className="absolute inset-y-0 right-0 flex w-12 cursor-pointer items-center justify-center text-muted-foreground hover:text-foreground"
            aria-label={isVisible ? 'Hide PIN' : 'Show PIN'}
            aria-pressed={isVisible}
          >
            {isVisible ? (
              <EyeOffIcon className="size-5" aria-hidden="true" />
            ) : (
              <EyeIcon className="size-5" aria-hidden="true" />
            )}
          </button>
        </div>
        {error ? (
          <p id="pin-error" role="alert" className="font-medium text-destructive text-sm">
            {error}
          </p>
        ) : (
          <p id="pin-hint" className="text-muted-foreground text-xs">
            {PIN_LENGTH} digits, from your manager.
          </p>
        )}
      </div>
      <fieldset className="grid grid-cols-3 gap-2">
        <legend className="sr-only">PIN keypad</legend>
        {KEYS.map((digit) => (
          <Button key={digit} variant="outline" className={keyClass} onClick={() => press(digit)}>
            {digit}
          </Button>
        ))}
        <Button variant="outline" className="h-14" onClick={() => change('')}>
          Clear
        </Button>
        <Button variant="outline" className={keyClass} onClick={() => press('0')}>
          0
        </Button>
        <Button
          variant="outline"
          className="h-14"
          onClick={() => change(pin.slice(0, -1))}
          aria-label="Delete last digit"
        >
          <DeleteIcon className="size-5" aria-hidden="true" />
        </Button>
      </fieldset>
      <Button type="submit" size="lg" disabled={!canSubmitPin(pin) || signIn.isPending}>
        {signIn.isPending ? <Spinner label="Signing in" /> : <LogInIcon aria-hidden="true" />}
        Sign In
      </Button>
    </form>
  );
}
