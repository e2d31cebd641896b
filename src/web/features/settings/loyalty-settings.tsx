import { GiftIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { DEFAULT_POINTS_PER_CEDI, DEFAULT_POINTS_PER_CEDI_REDEEMED } from '#domain/loyalty.ts';
import { type LoyaltySettings, loyaltySettingsInput } from '#domain/schemas/loyalty.ts';
import { ErrorState } from '#web/components/list-states.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useLoyaltySettings, useSaveLoyaltySettings } from '#web/lib/api/loyalty.ts';

/** Settings card: the loyalty program on or off, what a cedi earns and what points are worth at the till. */
export function LoyaltySettingsCard() {
  const current = useLoyaltySettings();
  // Held here, not in the form: the saved settings re-key the form, and a save's error must still land.
  const save = useSaveLoyaltySettings();
  return (
    <Card className="grid gap-4 p-4 sm:p-6">
      <div className="flex items-start gap-3">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
          <GiftIcon className="size-5" aria-hidden="true" />
        </div>
        <div className="grid gap-1">
          <h2 id="loyalty-settings-title" className="font-semibold text-lg">
            Loyalty points
          </h2>
          <p className="text-muted-foreground text-sm">
            Customers earn points on what they pay (after discounts, tax included) and redeem them at the till
            as a discount. Refunds and voids take the points back.
          </p>
        </div>
      </div>
      {current.isError ? (
        <ErrorState title="Error Loading Settings" message={current.error.message} />
      ) : current.data ? (
        <LoyaltyForm key={JSON.stringify(current.data)} initial={current.data} save={save} />
      ) : (
        <Skeleton className="h-24 w-full" />
      )}
    </Card>
  );
}

type Errors = Partial<Record<'points_per_cedi' | 'points_per_cedi_redeemed' | 'form', string>>;

function LoyaltyForm({
  initial,
  save,
}: {
  initial: LoyaltySettings;
  save: ReturnType<typeof useSaveLoyaltySettings>;
}) {
  const id = useId();
  const [isEnabled, setEnabled] = useState(initial.is_enabled);
  const [earn, setEarn] = useState(String(initial.points_per_cedi));
  const [redeem, setRedeem] = useState(String(initial.points_per_cedi_redeemed));
  const [errors, setErrors] = useState<Errors>({});
  const asNumber = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed));

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = loyaltySettingsInput.safeParse({
      is_enabled: isEnabled,
      points_per_cedi: asNumber(earn),
      points_per_cedi_redeemed: asNumber(redeem),
    });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Errors;
        found[field] ??= issue.message;
      }
      setErrors(found);
      document.getElementById(`${id}-${found.points_per_cedi ? 'earn' : 'redeem'}`)?.focus();
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onError: (error) => setErrors({ form: error.message }),
    });
  }

  const field = (
    key: 'earn' | 'redeem',
    label: string,
    value: string,
    onChange: (value: string) => void,
    error: string | undefined,
    hint: string,
  ) => (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={`${id}-${key}`}>{label}</Label>
      <Input
        id={`${id}-${key}`}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        className="w-full sm:w-40"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-${key}-note`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p
        id={`${id}-${key}-note`}
        role={error ? 'alert' : undefined}
        className={error ? 'text-destructive text-sm' : 'text-muted-foreground text-xs'}
      >
        {error ?? hint}
      </p>
    </div>
  );

  return (
    <form className="grid gap-4" noValidate onSubmit={submit}>
      <div className="flex items-center gap-3">
        {/* A native switch: nothing to measure, so it renders the same everywhere (tests included). */}
        <input
          id={`${id}-on`}
          type="checkbox"
          role="switch"
          aria-checked={isEnabled}
          className="size-5 accent-primary"
          checked={isEnabled}
          onChange={(event) => setEnabled(event.target.checked)}
        />
        <Label htmlFor={`${id}-on`}>Loyalty program on</Label>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {field(
          'earn',
          'Points earned per ₵1',
          earn,
          setEarn,
          errors.points_per_cedi,
          `Default ${DEFAULT_POINTS_PER_CEDI}. Rounded down: ₵9.99 earns 9 points at 1 per ₵1.`,
        )}
        {field(
          'redeem',
          'Points needed for ₵1 off',
          redeem,
          setRedeem,
          errors.points_per_cedi_redeemed,
          `Default ${DEFAULT_POINTS_PER_CEDI_REDEEMED} (1 point = 1 pesewa).`,
        )}
      </div>
      {errors.form && (
        <p role="alert" className="text-destructive text-sm">
          {errors.form}
        </p>
      )}
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save loyalty settings'}
        </Button>
      </div>
    </form>
  );
}
