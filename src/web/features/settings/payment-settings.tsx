import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CreditCardIcon, Loader2Icon, SmartphoneIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { formatGhanaPhone } from '#domain/ghana-phone.ts';
import { formatCedis } from '#domain/money.ts';
import { PAYMENT_METHOD_LABELS } from '#domain/payment-methods.ts';
import {
  type ManualMomoPaymentsResponse,
  PAYMENT_PROVIDER_LABELS,
  PAYMENT_PROVIDERS,
  type PaymentProviderName,
  type PaymentSettingsBody,
  type PaymentSettingsInput,
  type PaymentSettingsResponse,
  type TestConnectionResponse,
} from '#domain/schemas/payments.ts';
import { EmptyState, ErrorState } from '#web/components/list-states.tsx';
import { NativeSelect } from '#web/components/native-select.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { api } from '#web/lib/api-client.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { CACHE_TIMES, invalidateAfter, queryKeys } from '#web/lib/query-keys.ts';
import { serverFieldErrors } from '#web/lib/server-field-errors.ts';
import { toast } from '#web/lib/toast.ts';

// Payment settings (manage_payments): the provider, its keys, test or live, the MoMo merchant number, a test of
// the connection (operations §8 texts), and the mobile money cashiers confirmed by hand, to reconcile.

export function PaymentSettingsCard() {
  const slug = useBusinessSlug();
  const current = useQuery({
    queryKey: queryKeys.payments.settings(slug),
    queryFn: ({ signal }) => api.get<PaymentSettingsResponse>('/api/v1/payments/settings', { signal }),
    staleTime: CACHE_TIMES.paymentConfig,
  });
  return (
    <Card className="grid gap-4 p-4 sm:p-6" aria-labelledby="payments-title">
      <div className="flex items-start gap-3">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
          <CreditCardIcon className="size-5" aria-hidden="true" />
        </div>
        <div className="grid gap-1">
          <h2 id="payments-title" className="font-semibold text-lg">
            Payments
          </h2>
          <p className="text-muted-foreground text-sm">
            How card and mobile-money payments reach you. The sandbox lets you practise with no account;
            Paystack takes real mobile money (and cards on a Paystack Terminal); manual mobile money is paid
            to your own MoMo number and confirmed by the cashier.
          </p>
        </div>
      </div>
      {current.isError ? (
        <ErrorState title="Error Loading Payment Settings" message={current.error.message} />
      ) : current.data ? (
        <PaymentSettingsForm key={JSON.stringify(current.data.settings)} settings={current.data.settings} />
      ) : (
        <Skeleton className="h-64 w-full" />
      )}
    </Card>
  );
}

type Draft = Omit<PaymentSettingsInput, 'network_codes'> & {
  network_codes: { mtn_momo: string; telecel_cash: string; airteltigo_money: string };
};

function PaymentSettingsForm({ settings }: { settings: PaymentSettingsBody }) {
  const slug = useBusinessSlug();
  const queryClient = useQueryClient();
  const id = useId();
  const [draft, setDraft] = useState<Draft>({
    provider: settings.provider,
    mode: settings.mode,
    paystack_secret_key: '',
    paystack_base_url: settings.paystack.base_url,
    paystack_terminal_id: settings.paystack.terminal_id ?? '',
    network_codes: settings.paystack.network_codes,
    momo_merchant_number: settings.momo_merchant_number
      ? formatGhanaPhone(settings.momo_merchant_number)
      : '',
    momo_merchant_name: settings.momo_merchant_name ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (input: PaymentSettingsInput) =>
      api.put<PaymentSettingsResponse>('/api/v1/payments/settings', input),
    onSuccess: () => invalidateAfter.paymentSettingsChange(queryClient, slug),
  });
  const test = useMutation({
    mutationFn: () => api.post<TestConnectionResponse>('/api/v1/payments/settings/test'),
  });
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((before) => ({ ...before, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    test.reset();
    // Awaited rather than through mutate's callbacks: the saved settings read again make a new form (it is
    // keyed by them), sometimes before those callbacks would run (they skip an unmounted component), which lost
    // the confirmation.
    save.mutateAsync(draft).then(
      (saved) => toast.success(saved.message ?? 'Payment configuration updated successfully'),
      (error: Error) => {
        setErrors(serverFieldErrors(error) ?? {});
        toast.error('Failed to update payment configuration', { description: error.message });
      },
    );
  }

  const field = (name: string) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const error = (name: string) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="font-medium text-destructive text-sm">
        {errors[name]}
      </p>
    ) : null;

  return (
    <form className="grid gap-5" noValidate onSubmit={submit}>
      <fieldset className="grid gap-2">
        <legend className="mb-1 font-medium text-sm">Provider</legend>
        {PAYMENT_PROVIDERS.map((provider: PaymentProviderName) => (
          <label
            key={provider}
            className="flex cursor-pointer items-center gap-2 rounded-md border p-3 text-sm"
          >
            <input
              type="radio"
              name="provider"
              value={provider}
              checked={draft.provider === provider}
              onChange={() => set('provider', provider)}
            />
            {PAYMENT_PROVIDER_LABELS[provider]}
          </label>
        ))}
      </fieldset>

      <div className="grid gap-2 sm:max-w-xs">
        <Label htmlFor={`${id}-mode`}>Mode</Label>
        <NativeSelect
          id={`${id}-mode`}
          value={draft.mode}
          onChange={(event) => set('mode', event.target.value as 'test' | 'live')}
        >
          <option value="test">Test (practice keys)</option>
          <option value="live">Live (real money)</option>
        </NativeSelect>
      </div>

      {draft.provider === 'paystack' && (
        <fieldset className="grid gap-3 rounded-md border p-3">
          <legend className="px-1 font-medium text-sm">Paystack</legend>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-paystack_secret_key`}>Secret key</Label>
            <Input
              {...field('paystack_secret_key')}
              type="password"
              autoComplete="off"
              placeholder={
                settings.paystack.secret_key_last4
                  ? `Saved key ends in ${settings.paystack.secret_key_last4} — type a new one to replace it`
                  : 'sk_test_… or sk_live_…'
              }
              value={draft.paystack_secret_key ?? ''}
              onChange={(event) => set('paystack_secret_key', event.target.value)}
            />
            {settings.paystack.is_secret_key_unreadable && (
              <p className="text-amber-700 text-sm">The saved key can no longer be read: enter it again.</p>
            )}
            {error('paystack_secret_key')}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-paystack_base_url`}>API address</Label>
            <Input
              {...field('paystack_base_url')}
              inputMode="url"
              value={draft.paystack_base_url}
              onChange={(event) => set('paystack_base_url', event.target.value)}
            />
            {error('paystack_base_url')}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-paystack_terminal_id`}>
              Terminal ID <span className="font-normal text-muted-foreground">(for cards)</span>
            </Label>
            <Input
              {...field('paystack_terminal_id')}
              value={draft.paystack_terminal_id ?? ''}
              onChange={(event) => set('paystack_terminal_id', event.target.value)}
            />
            {error('paystack_terminal_id')}
          </div>
          <fieldset className="grid gap-2 sm:grid-cols-3">
            <legend className="mb-1 text-sm">Network codes Paystack expects</legend>
            {(['mtn_momo', 'telecel_cash', 'airteltigo_money'] as const).map((method) => (
              <div key={method} className="grid gap-1">
                <Label htmlFor={`${id}-code-${method}`}>{PAYMENT_METHOD_LABELS[method]}</Label>
                <Input
                  id={`${id}-code-${method}`}
                  value={draft.network_codes[method]}
                  maxLength={10}
                  onChange={(event) =>
                    set('network_codes', { ...draft.network_codes, [method]: event.target.value })
                  }
                />
                {error(`network_codes.${method}`)}
              </div>
            ))}
          </fieldset>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-webhook`}>Webhook address (paste it on the Paystack dashboard)</Label>
            <Input id={`${id}-webhook`} readOnly value={settings.paystack.webhook_url} />
          </div>
        </fieldset>
      )}

      <fieldset className="grid gap-3 rounded-md border p-3">
        <legend className="flex items-center gap-1 px-1 font-medium text-sm">
          <SmartphoneIcon className="size-4" aria-hidden="true" /> Your MoMo merchant number
        </legend>
        <p className="text-muted-foreground text-sm">
          Shown to customers for manual mobile money, on the payment dialog and the customer display.
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-momo_merchant_number`}>Merchant number</Label>
            <Input
              {...field('momo_merchant_number')}
              type="tel"
              placeholder="024 123 4567"
              value={draft.momo_merchant_number ?? ''}
              onChange={(event) => set('momo_merchant_number', event.target.value)}
            />
            {error('momo_merchant_number')}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-momo_merchant_name`}>Name on the account</Label>
            <Input
              {...field('momo_merchant_name')}
              value={draft.momo_merchant_name ?? ''}
              onChange={(event) => set('momo_merchant_name', event.target.value)}
            />
            {error('momo_merchant_name')}
          </div>
        </div>
      </fieldset>

      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
          Save payment settings
        </Button>
        <Button type="button" variant="outline" disabled={test.isPending} onClick={() => test.mutate()}>
          {test.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
          Test connection
        </Button>
      </div>
      <div aria-live="polite">
        {test.data && (
          <p
            className={
              test.data.ok ? 'font-medium text-emerald-700 text-sm' : 'font-medium text-destructive text-sm'
            }
          >
            {test.data.message}
          </p>
        )}
        {test.isError && <p className="font-medium text-destructive text-sm">{test.error.message}</p>}
      </div>
    </form>
  );
}

/** The mobile money cashiers confirmed by hand, to tick off against the MoMo statement. */
export function ManualMomoCard() {
  const slug = useBusinessSlug();
  const list = useQuery({
    queryKey: queryKeys.payments.manualMomo(slug),
    queryFn: ({ signal }) => api.get<ManualMomoPaymentsResponse>('/api/v1/payments/manual-momo', { signal }),
    staleTime: CACHE_TIMES.paymentTransactions,
  });
  return (
    <Card className="grid gap-3 p-4 sm:p-6" aria-labelledby="manual-momo-title">
      <h2 id="manual-momo-title" className="font-semibold text-lg">
        Mobile money confirmed by cashiers
      </h2>
      <p className="text-muted-foreground text-sm">
        Each payment a cashier confirmed from the customer's SMS. Tick them off against your MoMo statement.
      </p>
      {list.isError ? (
        <ErrorState title="Error Loading Payments" message={list.error.message} />
      ) : !list.data ? (
        <Skeleton className="h-24 w-full" />
      ) : list.data.payments.length === 0 ? (
        <EmptyState title="No payments confirmed by cashiers yet">
          Manual mobile-money payments appear here with their transaction IDs.
        </EmptyState>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-muted-foreground">
              <tr>
                <th className="py-1 pr-3 font-medium">Receipt</th>
                <th className="py-1 pr-3 font-medium">Transaction ID</th>
                <th className="py-1 pr-3 font-medium">Network</th>
                <th className="py-1 pr-3 text-right font-medium">Amount</th>
                <th className="py-1 pr-3 font-medium">Cashier</th>
                <th className="py-1 font-medium">Confirmed</th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {list.data.payments.map((payment) => (
                <tr key={payment.id}>
                  <td className="py-1.5 pr-3 font-mono text-xs">{payment.receipt_number}</td>
                  <td className="py-1.5 pr-3 font-mono">{payment.transaction_id}</td>
                  <td className="py-1.5 pr-3">{PAYMENT_METHOD_LABELS[payment.method]}</td>
                  <td className="py-1.5 pr-3 text-right tabular-nums">{formatCedis(payment.amount)}</td>
                  <td className="py-1.5 pr-3">{payment.cashier}</td>
                  <td className="py-1.5">
                    {payment.confirmed_at ? new Date(payment.confirmed_at).toLocaleString() : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
