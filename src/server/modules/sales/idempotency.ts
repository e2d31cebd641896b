import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { CreateSale } from '#domain/schemas/sales.ts';
import type { Tx } from '../../db/client.ts';
import { saleIdempotencyKeys } from '../../db/schema/index.ts';
import { SALE_ERRORS } from './errors.ts';
import { findSale, type SaleRecord } from './queries.ts';

// The checkout's Idempotency-Key: claimed first in the sale's transaction, so a concurrent duplicate blocks on
// it until that transaction ends, then sees the committed sale (or, if it failed, claims the key itself).

/** Claims the key for this sale; false when the business already used it (the caller replays). */
export async function claimIdempotencyKey(
  tx: Tx,
  claim: { businessId: string; key: string; requestHash: string; saleId: string; at: Date },
): Promise<boolean> {
  const claimed = await tx
    .insert(saleIdempotencyKeys)
    .values({
      businessId: claim.businessId,
      key: claim.key,
      requestHash: claim.requestHash,
      transactionId: claim.saleId,
      createdAt: claim.at,
    })
    .onConflictDoNothing()
    .returning({ key: saleIdempotencyKeys.key });
  return claimed.length > 0;
}

/** The sale the key made first, if this request is the same body; otherwise the key was reused. */
export async function replaySale(
  tx: Tx,
  businessId: string,
  key: string,
  requestHash: string,
): Promise<SaleRecord> {
  const [first] = await tx
    .select()
    .from(saleIdempotencyKeys)
    .where(and(eq(saleIdempotencyKeys.businessId, businessId), eq(saleIdempotencyKeys.key, key)));
  if (!first || first.requestHash !== requestHash) throw SALE_ERRORS.idempotencyKeyReused();
  const record = await findSale(tx, businessId, first.transactionId);
  if (!record) throw SALE_ERRORS.idempotencyKeyReused();
  return record;
}

/** The same body always hashes the same (keys sorted), whatever order the client wrote them in. */
export function hashRequest(input: CreateSale): string {
  return createHash('sha256').update(canonicalJson(input)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
