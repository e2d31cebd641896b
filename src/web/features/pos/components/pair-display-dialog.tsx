import { Loader2Icon, RefreshCwIcon, TabletSmartphoneIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { PAIRING_CODE_TTL_MS } from '#domain/display-pairing.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { businessUrl } from '#web/lib/tenancy.ts';
import { toast } from '#web/lib/toast.ts';
import { useRevokePairing, useStartPairing } from '../api/display-pairings.ts';
import type { CustomerDisplayControls } from '../hooks/use-customer-display.ts';

function useSecondsLeft(until: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  // The server's clock may run a little ahead of this one: never more than the code's ten minutes.
  return until
    ? Math.min(PAIRING_CODE_TTL_MS / 1000, Math.max(0, Math.round((Date.parse(until) - now) / 1000)))
    : 0;
}

function formatLeft(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * Pairing a customer display on another device: a six-digit code the customer-facing tablet enters at
 * /app/customer-display, valid ten minutes; the displays paired with this till, each with Unpair.
 */
export function PairDisplayDialog({
  open,
  onOpenChange,
  display,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  display: CustomerDisplayControls;
}) {
  const start = useStartPairing(display.tillId);
  const revoke = useRevokePairing();
  const { pairings } = display;
  const pending = pairings.data?.pending ?? null;
  const secondsLeft = useSecondsLeft(pending?.expires_at ?? null);
  const isExpired = pending !== null && secondsLeft === 0;
  const address = businessUrl(useBusinessSlug(), '/app/customer-display');

  function newCode() {
    start.mutate(undefined, {
      onError: (error) => toast.error('Could not make a pairing code', { description: error.message }),
    });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Customer display on another device</DialogTitle>
          <DialogDescription>
            On the tablet facing the customer, open {address} and enter the code. It follows this till until
            you unpair it.
          </DialogDescription>
        </DialogHeader>

        {pairings.isPending ? (
          <p className="flex items-center gap-2 text-muted-foreground text-sm">
            <Loader2Icon className="size-4 animate-spin" aria-hidden="true" /> Loading paired displays…
          </p>
        ) : pairings.isError ? (
          <div role="alert" className="grid gap-2 text-sm">
            <p className="text-destructive">Could not load the paired displays: {pairings.error.message}</p>
            <Button variant="outline" onClick={() => pairings.refetch()} className="justify-self-start">
              <RefreshCwIcon aria-hidden="true" /> Try again
            </Button>
          </div>
        ) : (
          <div className="grid gap-4">
            {pending && !isExpired ? (
              <div className="grid justify-items-center gap-1 rounded-lg border bg-secondary/40 p-4">
                <span className="text-muted-foreground text-sm">Pairing code</span>
                <output
                  aria-label="Pairing code"
                  className="font-bold font-mono text-5xl tracking-[0.3em] tabular-nums"
                >
                  {pending.code}
                </output>
                <span className="text-muted-foreground text-sm">Expires in {formatLeft(secondsLeft)}</span>
              </div>
            ) : (
              <Button size="lg" onClick={newCode} disabled={start.isPending}>
                {start.isPending ? (
                  <Loader2Icon className="animate-spin" aria-hidden="true" />
                ) : (
                  <TabletSmartphoneIcon aria-hidden="true" />
                )}
                {isExpired ? 'Code expired: show a new code' : 'Show a pairing code'}
              </Button>
            )}

            <section aria-label="Paired displays" className="grid gap-2">
              <h3 className="font-medium text-sm">Paired displays</h3>
              {pairings.data.displays.length === 0 ? (
                <p className="text-muted-foreground text-sm">No display is paired with this till.</p>
              ) : (
                <ul className="grid gap-2">
                  {pairings.data.displays.map((paired) => (
                    <li
                      key={paired.id}
                      className="flex items-center justify-between gap-2 rounded-md border p-2"
                    >
                      <span className="min-w-0">
                        <span className="block truncate font-medium text-sm">{paired.name}</span>
                        <span className="block text-muted-foreground text-xs">
                          Paired {new Date(paired.claimed_at).toLocaleString()}
                        </span>
                      </span>
                      <Button
                        variant="outline"
                        aria-label={`Unpair ${paired.name}`}
                        disabled={revoke.isPending}
                        onClick={() =>
                          revoke.mutate(paired.id, {
                            onSuccess: () => toast.success('Display unpaired'),
                            onError: (error) =>
                              toast.error('Could not unpair the display', { description: error.message }),
                          })
                        }
                      >
                        Unpair
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
