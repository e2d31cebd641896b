import { Loader2Icon, TabletSmartphoneIcon } from 'lucide-react';
import { useState } from 'react';
import { claimPairingInput } from '#domain/schemas/display-pairing.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { useBusiness } from '#web/lib/business-context.tsx';
import { useClaimPairing } from '../api/display-pairing.ts';

/** A device that is no till's display yet: the code shown on the till pairs it. */
export function PairingForm({ notice }: { notice?: string | null }) {
  // The shop's public name, as its sign-in page shows it: whoever sets up the tablet sees which shop it joins.
  const business = useBusiness();
  const claim = useClaimPairing();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <main className="grid min-h-dvh place-content-center bg-background p-6 text-foreground">
      <form
        aria-label="Pair this display"
        noValidate
        className="grid w-full max-w-md gap-5 rounded-2xl border bg-card p-6 shadow-sm"
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = claimPairingInput.safeParse({ code });
          if (!parsed.success) {
            setError(parsed.error.issues[0]?.message ?? 'Enter the 6-digit code shown on the till');
            return;
          }
          setError(null);
          claim.mutate(parsed.data, { onError: (failure) => setError(failure.message) });
        }}
      >
        <div className="grid justify-items-center gap-2 text-center">
          <TabletSmartphoneIcon className="size-12 text-primary" aria-hidden="true" />
          <h1 className="font-bold text-3xl">{business.name}</h1>
          <p className="font-medium text-xl">Customer display</p>
          <p className="text-lg text-muted-foreground">
            On the till, choose <strong>Pair a display</strong> and enter the code it shows.
          </p>
          {notice && (
            <p role="status" className="rounded-md bg-secondary px-3 py-2 text-sm">
              {notice}
            </p>
          )}
        </div>
        <FormField id="pairing-code" label="Pairing code" error={error ?? undefined}>
          <Input
            autoFocus
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder="000000"
            className="h-16 text-center font-mono text-4xl tracking-[0.3em]"
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
          />
        </FormField>
        <Button type="submit" size="lg" disabled={claim.isPending}>
          {claim.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
          Pair display
        </Button>
      </form>
    </main>
  );
}
