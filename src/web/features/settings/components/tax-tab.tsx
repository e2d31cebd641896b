import { SaveIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { formatCedis } from '#domain/money.ts';
import { priceCart } from '#domain/pricing.ts';
import { type TaxSettings, taxSettingsInput } from '#domain/schemas/settings.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { serverFieldErrors } from '#web/lib/server-field-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { useSaveSettings } from '../api/settings.ts';

const EXAMPLE_PRICE = 1000;

/** Settings → Tax: how shelf prices are entered, and the rate a new product starts with. */
export function TaxTab({ tax }: { tax: TaxSettings }) {
  const save = useSaveSettings('tax');
  const [includesTax, setIncludesTax] = useState(tax.prices_include_tax);
  const [rate, setRate] = useState(String(tax.default_tax_rate));
  const [error, setError] = useState<string | null>(null);

  const parsed = taxSettingsInput.safeParse({
    prices_include_tax: includesTax,
    default_tax_rate: rate.trim() === '' ? Number.NaN : Number(rate),
  });
  // The worked example uses the same pricing the till and the server use.
  const example = parsed.success
    ? priceCart({
        lines: [{ unit_price: EXAMPLE_PRICE, quantity: 1, tax_rate: parsed.data.default_tax_rate }],
        pricesIncludeTax: includesTax,
      })
    : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Tax rate must be between 0 and 100');
      return;
    }
    setError(null);
    save.mutate(parsed.data, {
      onSuccess: () => toast.success('Tax settings saved'),
      onError: (failure) => setError(serverFieldErrors(failure)?.default_tax_rate ?? failure.message),
    });
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-6" aria-label="Tax settings">
      <Card className="grid gap-4 p-4 sm:p-6">
        <fieldset className="grid gap-3">
          <legend className="mb-1 font-semibold text-lg">Prices are entered</legend>
          {[
            { value: false, label: 'Without tax', hint: 'The tax is added on top at the till.' },
            { value: true, label: 'With tax included', hint: 'The shelf price is what the customer pays.' },
          ].map((option) => (
            <label
              key={String(option.value)}
              className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5"
            >
              <input
                type="radio"
                name="prices-include-tax"
                className="mt-1 size-4 accent-[var(--primary)]"
                checked={includesTax === option.value}
                onChange={() => setIncludesTax(option.value)}
              />
              <span className="grid gap-0.5">
                <span className="font-medium">{option.label}</span>
                <span className="text-muted-foreground text-sm">{option.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <FormField
          id="default-tax-rate"
          label="Default tax rate for new products (%)"
          hint="A new product starts with this rate; each product can still have its own."
          error={error ?? undefined}
          className="max-w-xs"
        >
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            max={100}
            step={0.01}
            value={rate}
            onChange={(event) => setRate(event.target.value)}
          />
        </FormField>
        {example && (
          <p className="rounded-lg bg-muted/60 p-3 text-sm" aria-live="polite">
            Example: a product priced {formatCedis(EXAMPLE_PRICE)} at {parsed.data?.default_tax_rate}% —{' '}
            {includesTax
              ? `the customer pays ${formatCedis(example.total_amount)}, of which ${formatCedis(example.tax_amount)} is tax.`
              : `the customer pays ${formatCedis(example.total_amount)} (${formatCedis(example.tax_amount)} tax on top).`}
          </p>
        )}
      </Card>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner label="Saving" /> : <SaveIcon aria-hidden="true" />}
          {save.isPending ? 'Saving…' : 'Save tax settings'}
        </Button>
      </div>
    </form>
  );
}
