import { CloudUploadIcon, RefreshCwIcon, WifiIcon, WifiOffIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { retryRejected } from '#web/lib/offline/outbox.ts';
import { useOnline } from '#web/lib/offline/status.ts';
import { sendOutboxNow, useIsSyncing, useOutboxStatus } from '#web/lib/offline/use-outbox.ts';

// Whether the till is online, offline or sending its offline sales, with how many wait and for how long
// (issue 15): "3 sales not yet sent · oldest 12 min".

export type ConnectionState = 'online' | 'offline' | 'syncing';

export function ageText(since: Date, now: number): string {
  const minutes = Math.max(0, Math.floor((now - since.getTime()) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d`;
}

export function unsentText(pending: number, oldest: Date | null, now: number): string {
  if (pending === 0) return 'All sales sent';
  const count = `${pending} ${pending === 1 ? 'sale' : 'sales'} not yet sent`;
  return oldest ? `${count} · oldest ${ageText(oldest, now)}` : count;
}

function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

function useConnection(slug: string) {
  const online = useOnline();
  const syncing = useIsSyncing();
  const outbox = useOutboxStatus(slug);
  const now = useNow();
  const state: ConnectionState = !online ? 'offline' : syncing && outbox.pending > 0 ? 'syncing' : 'online';
  const label = state === 'offline' ? 'Offline' : state === 'syncing' ? 'Syncing' : 'Online';
  return { state, label, outbox, now };
}

const TONES: Record<ConnectionState, string> = {
  online:
    'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100',
  offline:
    'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100',
  syncing: 'border-sky-300 bg-sky-50 text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100',
};

function StateIcon({ state }: { state: ConnectionState }) {
  if (state === 'offline') return <WifiOffIcon className="size-4 shrink-0" aria-hidden="true" />;
  if (state === 'syncing')
    return <RefreshCwIcon className="size-4 shrink-0 animate-spin" aria-hidden="true" />;
  return <WifiIcon className="size-4 shrink-0" aria-hidden="true" />;
}

/** The till's bar: the state in words, what waits to be sent, and a button to send it now. */
export function ConnectionStatusBar({ slug, className }: { slug: string; className?: string }) {
  const { state, label, outbox, now } = useConnection(slug);
  const [isSending, setSending] = useState(false);
  const hasUnsent = outbox.pending > 0;
  const rejected = outbox.rejected.length;
  return (
    <section
      aria-label="Connection status"
      className={cn(
        'flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border px-3 py-2 text-sm',
        TONES[state],
        className,
      )}
    >
      <p
        role="status"
        aria-live="polite"
        className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-0.5"
      >
        <StateIcon state={state} />
        <span className="font-semibold">{label}</span>
        <span className="min-w-0">
          {state === 'offline' && !hasUnsent
            ? 'Cash and manual mobile money sales still work; they are sent when the connection is back.'
            : state === 'syncing'
              ? `Sending ${unsentText(outbox.pending, outbox.oldest, now).replace(' not yet sent', '')}…`
              : hasUnsent
                ? unsentText(outbox.pending, outbox.oldest, now)
                : 'All sales sent'}
        </span>
        {rejected > 0 && (
          <span
            className="font-medium text-destructive"
            title={outbox.rejected.map((entry) => `${entry.sale.receipt_number}: ${entry.error}`).join('\n')}
          >
            · {rejected} refused by the server: {outbox.rejected[0]?.sale.receipt_number} —{' '}
            {outbox.rejected[0]?.error}
          </span>
        )}
      </p>
      {state === 'online' && rejected > 0 && (
        <Button
          size="sm"
          variant="outline"
          disabled={isSending}
          onClick={() => {
            // After the cause was fixed (a price, the till's clock): the refused sales go back in line.
            setSending(true);
            void Promise.all(outbox.rejected.map((entry) => retryRejected(slug, entry.id)))
              .then(() => sendOutboxNow(slug))
              .finally(() => setSending(false));
          }}
        >
          <RefreshCwIcon aria-hidden="true" />
          Send refused again
        </Button>
      )}
      {state === 'online' && hasUnsent && (
        <Button
          size="sm"
          variant="outline"
          disabled={isSending}
          onClick={() => {
            setSending(true);
            void sendOutboxNow(slug).finally(() => setSending(false));
          }}
        >
          <CloudUploadIcon aria-hidden="true" />
          Send now
        </Button>
      )}
    </section>
  );
}

/** The header's compact form: an icon with the count, its full state in its name and tooltip. */
export function ConnectionStatusBadge({ slug }: { slug: string }) {
  const { state, label, outbox, now } = useConnection(slug);
  const text = `${label}${outbox.pending > 0 ? ` · ${unsentText(outbox.pending, outbox.oldest, now)}` : ''}`;
  return (
    <span
      role="img"
      aria-label={`Connection: ${text}`}
      title={text}
      className={cn(
        'relative inline-flex size-9 items-center justify-center rounded-md border',
        TONES[state],
      )}
    >
      <StateIcon state={state} />
      {outbox.pending > 0 && (
        <span className="-top-1.5 -right-1.5 absolute min-w-5 rounded-full bg-amber-600 px-1 text-center font-semibold text-[11px] text-white leading-5">
          {outbox.pending}
        </span>
      )}
    </span>
  );
}
