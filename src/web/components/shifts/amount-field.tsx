import { parseCedis } from '#domain/money.ts';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';

/** The pesewas typed cedis text stands for; null when it is not an amount (blank counts as `blank`). */
export function amountOf(text: string, blank: number | null = null): number | null {
  return text.trim() === '' ? blank : parseCedis(text);
}

/** An amount typed in cedis ('150' or '150.50'), kept as text until the form is sent. */
export function AmountField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  autoFocus,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (text: string) => void;
  error?: string | undefined;
  hint?: string;
  autoFocus?: boolean;
}) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <Input
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        value={value}
        autoFocus={autoFocus}
        onChange={(event) => onChange(event.target.value)}
      />
    </FormField>
  );
}
