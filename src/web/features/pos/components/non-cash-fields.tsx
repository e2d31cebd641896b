import { formatGhanaPhone, GHANA_PHONE_MESSAGE, normalizeGhanaPhone } from '#domain/ghana-phone.ts';
import { MOBILE_MONEY_METHODS, type PaymentMethod } from '#domain/payment-methods.ts';
import type { PaymentMethodsResponse, PaymentProviderName } from '#domain/schemas/payments.ts';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { PAYMENT_TEXTS } from './payment-states.tsx';

// What a card or mobile-money payment needs before the sale is made: the customer's number for mobile money
// through a provider; the transaction ID from the customer's SMS for manual mobile money (sent to the shop's
// MoMo number shown here).

export function isMethodAvailable(methods: PaymentMethodsResponse | null, method: PaymentMethod): boolean {
  if (method === 'cash' || !methods) return true;
  return methods.methods.find((entry) => entry.method === method)?.available ?? false;
}

type Tender =
  | { problem: null; field?: never; line: { phone?: string; reference?: string } }
  | { problem: string; field: string; line?: never };

/** Checks the fields of a non-cash payment and gives the payment line's extra fields. */
export function nonCashTender(
  method: PaymentMethod,
  provider: PaymentProviderName | null,
  phone: string,
  reference: string,
  idPrefix = '',
): Tender {
  if (method === 'cash' || method === 'card') {
    return { problem: null, line: reference.trim() ? { reference: reference.trim() } : {} };
  }
  if (provider === 'manual') {
    return reference.trim()
      ? { problem: null, line: { reference: reference.trim() } }
      : {
          problem: "Enter the transaction ID from the customer's confirmation SMS",
          field: `${idPrefix}payment-reference`,
        };
  }
  if (!phone.trim()) {
    return { problem: "Enter the customer's mobile money number", field: `${idPrefix}payment-phone` };
  }
  const normalized = normalizeGhanaPhone(phone);
  if (!normalized) return { problem: GHANA_PHONE_MESSAGE, field: `${idPrefix}payment-phone` };
  return { problem: null, line: { phone: normalized } };
}

export function NonCashFields({
  method,
  methods,
  phone,
  reference,
  problem,
  onPhoneChange,
  onReferenceChange,
  idPrefix = '',
}: {
  method: PaymentMethod;
  methods: PaymentMethodsResponse | null;
  phone: string;
  reference: string;
  /** The first thing to fix, shown once the cashier tried to pay. */
  problem: string | null;
  onPhoneChange: (value: string) => void;
  onReferenceChange: (value: string) => void;
  idPrefix?: string;
}) {
  const availability = methods?.methods.find((entry) => entry.method === method);
  if (availability && !availability.available) {
    return (
      <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900 text-sm dark:bg-amber-950 dark:text-amber-200">
        {availability.reason}
      </p>
    );
  }
  const isMobileMoney = MOBILE_MONEY_METHODS.includes(method);
  const isManual = methods?.provider === 'manual' && isMobileMoney;
  const phoneId = `${idPrefix}payment-phone`;
  const referenceId = `${idPrefix}payment-reference`;
  const errorId = `${idPrefix}payment-problem`;
  return (
    <div className="grid gap-2">
      {isManual && methods?.merchant ? (
        <p className="rounded-md bg-secondary px-3 py-2 text-sm">
          Ask the customer to send the money to{' '}
          <strong className="tabular-nums">{formatGhanaPhone(methods.merchant.number)}</strong>
          {methods.merchant.name ? ` (${methods.merchant.name})` : ''}, then type the transaction ID from
          their confirmation SMS.
        </p>
      ) : method === 'card' ? (
        <p className="rounded-md bg-secondary px-3 py-2 text-sm">{PAYMENT_TEXTS.terminal}</p>
      ) : (
        <p className="rounded-md bg-secondary px-3 py-2 text-sm">
          The customer gets a prompt on their phone to approve the payment.
        </p>
      )}
      {isMobileMoney && !isManual && (
        <>
          <Label htmlFor={phoneId}>Customer's mobile money number</Label>
          <Input
            id={phoneId}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder="024 123 4567 or +233 24 123 4567"
            value={phone}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? errorId : undefined}
            onChange={(event) => onPhoneChange(event.target.value)}
          />
        </>
      )}
      {(isManual || method === 'card') && (
        <>
          <Label htmlFor={referenceId}>
            {isManual ? (
              'Transaction ID from the SMS'
            ) : (
              <>
                Reference <span className="font-normal text-muted-foreground">(optional)</span>
              </>
            )}
          </Label>
          <Input
            id={referenceId}
            autoComplete="off"
            value={reference}
            maxLength={100}
            aria-invalid={isManual && problem ? true : undefined}
            aria-describedby={problem ? errorId : undefined}
            onChange={(event) => onReferenceChange(event.target.value)}
          />
        </>
      )}
      {problem && (
        <p id={errorId} className="font-medium text-destructive text-sm">
          {problem}
        </p>
      )}
    </div>
  );
}
