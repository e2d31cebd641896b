import { createHash } from 'node:crypto';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { CreateSale } from '#domain/schemas/sales.ts';
import type { Tx } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { saleIdempotencyKeys } from '../../db/schema/index.ts';
import { SALE_ERRORS } from './errors.ts';
import { findSale, type SaleRecord } from './queries.ts';

// The checkout's Idempotency-Key: claimed first in the sale's transaction — before its products are locked —
// so a concurrent duplicate blocks on it until that transaction ends, then sees the committed sale (or, if it
// failed, claims the key itself).

export type KeyClaim = { businessId: string; key: string; requestHash: string; saleId: string; at: Date };

/** The claim as a common table expression, `claimed`: one row when this sale took the key, none when it was used. */
export function claimedCte(claim: KeyClaim): SQL {
  return sql`claimed as (
      insert into sale_idempotency_keys (business_id, key, request_hash, transaction_id, created_at)
      values (${claim.businessId}, ${claim.key}, ${claim.requestHash}, ${claim.saleId}, ${claim.at.toISOString()}::timestamptz)
      on conflict do nothing
      returning key
    )`;
}

/**
 * For the select list of a statement holding `claimedCte`: fails the statement (SQLSTATE SK002, migration 0211)
 * unless it took the key, so that everything else the statement wrote is undone with it; the caller makes
 * the sale again the usual way, which answers the first one (createSaleWithRetry).
 */
export const claimedOrFail = sql`sale_key_claimed((select count(*)::int from claimed))`;

/** For a condition of a later part of that statement: true once the claim was made (see saleStockStatement). */
export const keyTaken = sql`exists (select from claimed)`;

/**
 * Claims the key for this sale; `isClaimed` false when the business already used it (the caller replays).
 * `read`: a scalar subquery the sale needs next, answered in the same round trip (`read` in the answer).
 */
export async function claimIdempotencyKey(
  tx: Tx,
  claim: KeyClaim,
  read: SQL = sql`null`,
): Promise<{ isClaimed: boolean; read: unknown }> {
  const result = (await tx.execute(
    prepared(
      'sale_claim',
      sql`
    with ${claimedCte(claim)}
    select (select count(*)::int from claimed) as claimed, ${read} as read`,
    ),
  )) as unknown as {
    rows: { claimed: number; read: unknown }[];
  };
  const row = result.rows[0];
  return { isClaimed: Number(row?.claimed) > 0, read: row?.read ?? null };
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
