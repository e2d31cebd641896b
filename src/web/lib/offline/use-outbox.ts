import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { toast } from '#web/lib/toast.ts';
import { invalidateAfter, queryKeys } from '../query-keys.ts';
import { syncCatalog } from './catalog.ts';
import { type FlushResult, flushOutbox, listOutbox, type OutboxEntry } from './outbox.ts';
import { isOnline, notifyLocalChange, useBrowserOnline, useLocalChangeVersion } from './status.ts';

// The outbox as the screens see it (how many sales wait, since when, whether they are being sent), and the
// one loop that sends it: when the connection comes back, when the page opens, and every little while.

let syncingCount = 0;
const syncingListeners = new Set<() => void>();
function setSyncing(delta: number) {
  syncingCount += delta;
  for (const listener of syncingListeners) listener();
}

export function useIsSyncing(): boolean {
  return useSyncExternalStore(
    (listener) => {
      syncingListeners.add(listener);
      return () => syncingListeners.delete(listener);
    },
    () => syncingCount > 0,
    () => false,
  );
}

export type OutboxStatus = {
  pending: number;
  rejected: OutboxEntry[];
  /** When the oldest unsent sale was made. */
  oldest: Date | null;
  isLoaded: boolean;
};

export function useOutboxStatus(slug: string): OutboxStatus {
  const version = useLocalChangeVersion(slug);
  const [status, setStatus] = useState<OutboxStatus>({
    pending: 0,
    rejected: [],
    oldest: null,
    isLoaded: false,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` changes when the outbox does.
  useEffect(() => {
    let isCurrent = true;
    listOutbox(slug)
      .then((entries) => {
        if (!isCurrent) return;
        const pending = entries.filter((entry) => entry.status === 'pending');
        setStatus({
          pending: pending.length,
          rejected: entries.filter((entry) => entry.status === 'rejected'),
          oldest: pending[0] ? new Date(pending[0].created_at) : null,
          isLoaded: true,
        });
      })
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [slug, version]);
  return status;
}

/** Sends the outbox now (one tab at a time); the figures and the till's stock follow. */
export async function sendOutboxNow(slug: string): Promise<FlushResult | null> {
  if (!isOnline()) return null;
  setSyncing(1);
  try {
    const result = await flushOutbox(slug);
    if (result.sent > 0) {
      await syncCatalog(slug).catch(() => undefined);
      notifyLocalChange(slug);
    }
    return result;
  } finally {
    setSyncing(-1);
  }
}

const RETRY_MS = 5_000;

/**
 * Mounted once in the signed-in app: sends waiting sales whenever it can, and makes every screen that shows
 * stock, sales or figures read again once they reach the server (and the till's grid when the copy changes).
 */
export function useOutboxSender(slug: string): void {
  const queryClient = useQueryClient();
  const online = useBrowserOnline();
  const status = useOutboxStatus(slug);
  const version = useLocalChangeVersion(slug);

  const send = useCallback(async () => {
    const result = await sendOutboxNow(slug).catch(() => null);
    if (!result) return;
    if (result.sent > 0) {
      // The sales are the server's now: lists, stock and figures everywhere read again.
      await invalidateAfter.saleMade(queryClient, slug);
    }
    if (result.rejected > 0) {
      toast.error('The server refused a sale made offline', {
        description: 'It is kept on this till. Open the connection status to see why.',
      });
    }
  }, [slug, queryClient]);

  // The till's grid and chips read the local copy: they follow it whenever it changes (this tab or another).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` changes when the copy does.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: [...queryKeys.products.all(slug), 'pos'] });
    void queryClient.invalidateQueries({ queryKey: queryKeys.categories.pos(slug) });
  }, [version, slug, queryClient]);

  useEffect(() => {
    if (!online || status.pending === 0) return;
    void send();
    const timer = window.setInterval(() => void send(), RETRY_MS);
    return () => window.clearInterval(timer);
  }, [online, status.pending, send]);
}
