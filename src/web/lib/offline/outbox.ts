import type { CreateSaleInput, Sale, SaleResponse } from '#domain/schemas/sales.ts';
import { api, isApiError } from '../api-client.ts';
import { deleteOne, getAll, isLocalDbAvailable, putOne, withNextSequence } from './local-db.ts';
import { notifyLocalChange, reportNetworkFailure } from './status.ts';

// Sales made with no connection wait here (IndexedDB: a reload, a crash or a closed laptop loses nothing) and are
// sent in the order they were made through the same idempotent endpoint as any sale: the sale's own id is its
// Idempotency-Key, so sending one twice (a dropped answer, a reload mid-sync, two tabs) records it once.

export type OutboxEntry = {
  /** The sale's id, made by the till; also its Idempotency-Key. */
  id: string;
  /** The till's sequence: the order sales were made in, and the offline receipt number's tail. */
  seq: number;
  created_at: string;
  /** What is sent: the sale with its offline time, receipt number and charged prices. */
  body: CreateSaleInput;
  /** The receipt as printed for the customer. */
  sale: Sale;
  /** pending: waits to be sent; rejected: the server refused it (kept, with why, for a manager). */
  status: 'pending' | 'rejected';
  error: string | null;
  attempts: number;
};

export const RECEIPT_SEQUENCE_KEY = 'receipt-sequence';

export async function listOutbox(slug: string): Promise<OutboxEntry[]> {
  if (!isLocalDbAvailable()) return [];
  const entries = await getAll<OutboxEntry>(slug, 'outbox');
  return entries.sort((a, b) => a.seq - b.seq);
}

/** Units the outbox's sales took that the server has not been told of, by product. */
export async function pendingQuantities(slug: string): Promise<Map<string, number>> {
  const taken = new Map<string, number>();
  for (const entry of await listOutbox(slug)) {
    if (entry.status !== 'pending') continue;
    for (const item of entry.body.items) {
      taken.set(item.product_id, (taken.get(item.product_id) ?? 0) + item.quantity);
    }
  }
  return taken;
}

/** Puts a sale in the outbox with the till's next sequence number, which `make` turns into its receipt. */
export async function addToOutbox(
  slug: string,
  make: (sequence: number) => Omit<OutboxEntry, 'seq' | 'status' | 'error' | 'attempts'>,
): Promise<OutboxEntry> {
  const entry = await withNextSequence<OutboxEntry>(slug, RECEIPT_SEQUENCE_KEY, (seq) => ({
    store: 'outbox',
    value: { ...make(seq), seq, status: 'pending', error: null, attempts: 0 },
  }));
  notifyLocalChange(slug);
  return entry;
}

export type FlushResult = { sent: number; rejected: number; stopped: boolean };

const SALE_REQUEST_TIMEOUT_MS = 20_000;

/**
 * Sends the outbox in order. Stops at the first sale the network could not carry (the rest wait their turn);
 * a sale the server refuses is kept, marked with the server's reason, and the next one goes on. One tab of the
 * business sends at a time (Web Locks); another tab asking meanwhile waits, then finds the sent ones gone.
 */
export async function flushOutbox(slug: string, onSent?: (sale: Sale) => void): Promise<FlushResult> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const run = () => sendAll(slug, onSent);
  if (!locks) return run();
  return locks.request(`akwaaba-pos-outbox:${slug}`, run);
}

async function sendAll(slug: string, onSent?: (sale: Sale) => void): Promise<FlushResult> {
  const result: FlushResult = { sent: 0, rejected: 0, stopped: false };
  // Read inside the lock: what another tab sent meanwhile is already gone.
  for (const entry of await listOutbox(slug)) {
    if (entry.status !== 'pending') continue;
    try {
      const { sale } = await api.post<SaleResponse>('/api/v1/sales', entry.body, {
        headers: { 'Idempotency-Key': entry.id },
        timeoutMs: SALE_REQUEST_TIMEOUT_MS,
      });
      await deleteOne(slug, 'outbox', entry.id);
      result.sent += 1;
      onSent?.(sale);
      notifyLocalChange(slug);
    } catch (error) {
      if (!isApiError(error) || error.status === 0) {
        reportNetworkFailure();
        result.stopped = true;
        break;
      }
      // Signed out, rate-limited or the server failing: nothing is wrong with the sale; try again later.
      // (A discount that needs a manager's approval is about the sale itself: it is refused, below.)
      const isAboutTheSale = error.code === 'DISCOUNT_APPROVAL_REQUIRED';
      if (
        !isAboutTheSale &&
        (error.status === 401 || error.status === 403 || error.status === 429 || error.status >= 500)
      ) {
        result.stopped = true;
        break;
      }
      // The same id already recorded (say the answer was lost after an online attempt): nothing to send.
      if (await isRecorded(entry.id)) {
        await deleteOne(slug, 'outbox', entry.id);
        result.sent += 1;
        notifyLocalChange(slug);
        continue;
      }
      await putOne(slug, 'outbox', {
        ...entry,
        status: 'rejected',
        error: error.message,
        attempts: entry.attempts + 1,
      } satisfies OutboxEntry);
      result.rejected += 1;
      notifyLocalChange(slug);
    }
  }
  return result;
}

async function isRecorded(saleId: string): Promise<boolean> {
  try {
    await api.get<SaleResponse>(`/api/v1/sales/${saleId}`);
    return true;
  } catch {
    return false;
  }
}

/** A refused sale sent again (after the manager fixed what the server said), or given up by a manager. */
export async function retryRejected(slug: string, id: string): Promise<void> {
  const entry = (await listOutbox(slug)).find((candidate) => candidate.id === id);
  if (!entry) return;
  await putOne(slug, 'outbox', { ...entry, status: 'pending', error: null } satisfies OutboxEntry);
  notifyLocalChange(slug);
}
