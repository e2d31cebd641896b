import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2Icon, Clock3Icon, CreditCardIcon, SmartphoneIcon, XCircleIcon } from 'lucide-react';
import { useParams } from 'react-router';
import { formatGhanaPhone } from '#domain/ghana-phone.ts';
import { formatCedis } from '#domain/money.ts';
import { PAYMENT_METHOD_LABELS } from '#domain/payment-methods.ts';
import type { SandboxPaymentResponse } from '#domain/schemas/payments.ts';
import { Button } from '#web/components/ui/button.tsx';
import { api } from '#web/lib/api-client.ts';

// /pay/sandbox/{reference}: the sandbox plays the customer's phone (mobile money) or the card terminal. Its
// answer goes to the server, which sends the shop a signed webhook exactly like a real provider's. Opened from
// the till's payment dialog, often on a second phone through its QR code: no sign-in.

type Decision = 'approve' | 'decline' | 'timeout';

const pageKey = (reference: string) => ['sandbox-payment', reference] as const;

export function SandboxPaymentPage() {
  const { reference = '' } = useParams();
  const queryClient = useQueryClient();
  const payment = useQuery({
    queryKey: pageKey(reference),
    queryFn: ({ signal }) =>
      api.get<SandboxPaymentResponse>(`/api/v1/payments/sandbox/${encodeURIComponent(reference)}`, {
        signal,
      }),
    select: (data) => data.payment,
    retry: false,
  });
  const decide = useMutation({
    mutationFn: (decision: Decision) =>
      api.post<SandboxPaymentResponse>(`/api/v1/payments/sandbox/${encodeURIComponent(reference)}`, {
        decision,
      }),
    onSuccess: (data) => queryClient.setQueryData(pageKey(reference), data),
  });

  const p = payment.data;
  const isCard = p?.method === 'card';
  return (
    <main className="mx-auto grid min-h-dvh w-full max-w-md content-center gap-5 p-5">
      <p className="rounded-md bg-amber-100 px-3 py-2 text-center font-medium text-amber-900 text-sm">
        Sandbox — practice only, no real money moves
      </p>
      {payment.isPending ? (
        <p role="status" className="text-center text-muted-foreground">
          Loading the payment…
        </p>
      ) : payment.isError || !p ? (
        <div role="alert" className="grid gap-2 text-center">
          <h1 className="font-semibold text-xl">Payment not found</h1>
          <p className="text-muted-foreground">{payment.error?.message ?? 'Check the link on the till.'}</p>
        </div>
      ) : (
        <section
          className="grid gap-4 rounded-xl border bg-card p-5 text-center shadow-sm"
          aria-labelledby="pay-title"
        >
          {isCard ? (
            <CreditCardIcon className="mx-auto size-10 text-primary" aria-hidden="true" />
          ) : (
            <SmartphoneIcon className="mx-auto size-10 text-primary" aria-hidden="true" />
          )}
          <h1 id="pay-title" className="font-semibold text-xl">
            {isCard ? 'Card terminal' : `${PAYMENT_METHOD_LABELS[p.method]} approval`}
          </h1>
          <p>
            <span className="text-muted-foreground">{p.business_name} asks for</span>
            <span className="block font-bold text-3xl tabular-nums">{formatCedis(p.amount)}</span>
            {p.phone && <span className="text-muted-foreground">from {formatGhanaPhone(p.phone)}</span>}
          </p>
          <p className="text-muted-foreground text-sm">Receipt {p.receipt_number}</p>
          <Outcome status={p.status} saleStatus={p.sale_status} decision={p.decision} />
          {p.status === 'pending' && p.sale_status === 'pending' && (
            <div className="grid gap-2">
              <Button size="lg" disabled={decide.isPending} onClick={() => decide.mutate('approve')}>
                Approve {formatCedis(p.amount)}
              </Button>
              <Button
                size="lg"
                variant="destructive"
                disabled={decide.isPending}
                onClick={() => decide.mutate('decline')}
              >
                Decline
              </Button>
              <Button
                size="lg"
                variant="outline"
                disabled={decide.isPending}
                onClick={() => decide.mutate('timeout')}
              >
                Time out (no answer)
              </Button>
            </div>
          )}
          {decide.isError && (
            <p role="alert" className="font-medium text-destructive text-sm">
              {decide.error.message}
            </p>
          )}
        </section>
      )}
    </main>
  );
}

function Outcome({
  status,
  saleStatus,
  decision,
}: {
  status: 'pending' | 'completed' | 'failed';
  saleStatus: string;
  decision: Decision | null;
}) {
  if (status === 'completed') {
    return (
      <p role="status" className="flex items-center justify-center gap-2 font-semibold text-emerald-700">
        <CheckCircle2Icon className="size-5" aria-hidden="true" /> Payment approved. The till has been told.
      </p>
    );
  }
  if (status === 'failed' || saleStatus === 'cancelled' || saleStatus === 'failed') {
    return (
      <p role="status" className="flex items-center justify-center gap-2 font-semibold text-destructive">
        <XCircleIcon className="size-5" aria-hidden="true" />
        {saleStatus === 'cancelled'
          ? 'The shop cancelled this sale.'
          : 'Payment declined. The till has been told.'}
      </p>
    );
  }
  if (decision === 'timeout') {
    return (
      <p role="status" className="flex items-center justify-center gap-2 font-medium text-amber-700">
        <Clock3Icon className="size-5" aria-hidden="true" /> No answer sent: the till is still waiting. You
        may still approve or decline.
      </p>
    );
  }
  return null;
}
