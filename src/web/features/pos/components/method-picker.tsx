import {
  methodsWithFeatures,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '#domain/payment-methods.ts';
import type { MethodAvailabilityBody } from '#domain/schemas/payments.ts';
import { cn } from '#web/lib/cn.ts';
import { useMe } from '#web/lib/session.ts';

/**
 * The payment methods the business takes as toggle buttons (operations §4): mobile money only with its
 * mobile_payments feature on (Settings → Business). A method the business's provider cannot take stays
 * choosable, marked "Not set up": choosing it shows why.
 */
export function MethodPicker({
  value,
  onChange,
  label = 'Payment method',
  availability,
  unavailableLabel = 'Not set up',
}: {
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  label?: string;
  availability?: MethodAvailabilityBody[] | undefined;
  /** What an unavailable method says under its name ('Needs internet' while offline). */
  unavailableLabel?: string | undefined;
}) {
  const features = useMe().data?.business.pos_features;
  const methods = features ? methodsWithFeatures(features) : PAYMENT_METHODS;
  return (
    <fieldset className="grid grid-cols-2 gap-2 sm:grid-cols-3">
      <legend className="sr-only">{label}</legend>
      {methods.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={value === option}
          onClick={() => onChange(option)}
          className={cn(
            'cursor-pointer rounded-md border px-3 py-2.5 text-left font-medium text-sm outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50',
            value === option ? 'border-primary bg-primary/10 text-primary' : 'hover:bg-secondary',
          )}
        >
          {PAYMENT_METHOD_LABELS[option]}
          {availability?.find((entry) => entry.method === option)?.available === false && (
            <span className="block font-normal text-muted-foreground text-xs">{unavailableLabel}</span>
          )}
        </button>
      ))}
    </fieldset>
  );
}
