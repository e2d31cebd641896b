import { createHash } from 'node:crypto';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { CreateSale } from '#domain/schemas/sales.ts';
import { arrayParam } from '../../db/array-param.ts';
import type { Tx } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { saleIdempotencyKeys } from '../../db/schema/index.ts';
import { SALE_ERRORS } from './errors.ts';
import { findSale, type SaleRecord } from './queries.ts';

// The checkout's Idempotency-Key: claimed first in the sale's transaction — before its products are locked —
// so a concurrent duplicate blocks on it until that transaction ends, then sees the committed sale (or, if it
// failed, claims the key itself).

export type KeyClaim = { businessId: string; key: string; requestHash: string; saleId: string; at: Date };

/**
 * The claims as a common table expression, `claimed`: a row for each key taken, none for a key used before.
 * Keys are taken in their own order, so that two statements claiming several never wait for each other's.
 */
export function claimedCte(claims: KeyClaim[]): SQL {
  const sorted = [...claims].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const column = (pick: (claim: KeyClaim) => unknown) => arrayParam(sorted, pick);
  return sql`claimed as (
      insert into sale_idempotency_keys (business_id, key, request_hash, transaction_id, created_at)
      select c.business_id, c.key, c.request_hash, c.transaction_id, c.created_at
        from unnest(${column((c) => c.businessId)}::uuid[], ${column((c) => c.key)}::text[],
          ${column((c) => c.requestHash)}::text[], ${column((c) => c.saleId)}::uuid[],
          ${column((c) => c.at.toISOString())}::timestamptz[])
          as c(business_id, key, request_hash, transaction_id, created_at)
      on conflict do nothing
      returning key
    )`;
}

/**
 * For the select list of a statement holding `claimedCte` with `count` claims: fails the statement (SQLSTATE
 * SK002, migration 0211) unless it took every key, so that everything else the statement wrote is undone with
 * it; the caller makes the sale again the usual way, which answers the first one (createSaleWithRetry).
 */
export const claimedOrFail = (count: number) =>
  sql`sale_key_claimed(((select count(*)::int from claimed) = ${count}::int)::int)`;

/** For a condition of a later part of that statement: true once the claims were made (see saleStockStatement). */
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
    with ${claimedCte([claim])}
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
