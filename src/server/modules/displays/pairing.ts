import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  PAIRING_CODE_TTL_MS,
  PAIRING_IDLE_LIMIT_MS,
  type PairedDisplay,
  type PendingPairing,
  type TillDisplayInput,
  type TillPairingsResponse,
} from '#domain/schemas/display-pairing.ts';
import type { Queryable, Tx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/database-errors.ts';
import { displayPairings } from '../../db/schema/index.ts';
import { hashToken, newSessionToken } from '../../http/session-token.ts';
import { publishEvent } from '../events/index.ts';
import type { GuestUseCaseRequest, UseCaseRequest } from '../use-case.ts';
import { PAIRING_CODE_INVALID, PAIRING_NOT_FOUND } from './errors.ts';

// A customer display on another device follows one till: the till shows a six-digit code, the tablet enters
// it, and gets a cookie of its own that lets it hear that till's display events and nothing else.

type PairingRow = typeof displayPairings.$inferSelect;

/** One cookie per business, like the staff session, so shops sharing a host keep their own. */
export const displayCookieName = (slug: string) => `pos_display_${slug}`;

function toPending(row: PairingRow): PendingPairing {
  return { id: row.id, code: row.code!, expires_at: row.codeExpiresAt.toISOString() };
}

function toPaired(row: PairingRow): PairedDisplay {
  return {
    id: row.id,
    name: row.name,
    claimed_at: row.claimedAt!.toISOString(),
    last_seen_at: row.lastSeenAt?.toISOString() ?? null,
  };
}

const isLive = (now: Date) =>
  and(
    isNull(displayPairings.revokedAt),
    isNotNull(displayPairings.claimedAt),
    or(
      gt(displayPairings.lastSeenAt, new Date(now.getTime() - PAIRING_IDLE_LIMIT_MS)),
      and(
        isNull(displayPairings.lastSeenAt),
        gt(displayPairings.claimedAt, new Date(now.getTime() - PAIRING_IDLE_LIMIT_MS)),
      ),
    ),
  );

/** The till's code waiting to be entered (if any) and its paired displays. */
export async function listTillPairings(
  tx: Queryable,
  businessId: string,
  tillId: string,
  now: Date,
): Promise<TillPairingsResponse> {
  const rows = await tx
    .select()
    .from(displayPairings)
    .where(
      and(
        eq(displayPairings.businessId, businessId),
        eq(displayPairings.tillId, tillId),
        isNull(displayPairings.revokedAt),
      ),
    )
    .orderBy(desc(displayPairings.createdAt))
    .limit(50);
  const pending = rows.find((row) => row.code !== null && row.claimedAt === null && row.codeExpiresAt > now);
  const idleSince = now.getTime() - PAIRING_IDLE_LIMIT_MS;
  const displays = rows.filter(
    (row) => row.claimedAt !== null && (row.lastSeenAt ?? row.claimedAt).getTime() > idleSince,
  );
  return { pending: pending ? toPending(pending) : null, displays: displays.map(toPaired) };
}

/**
 * A new pairing code for the till (operations: a display on another device). The till's earlier unclaimed
 * code is cancelled, and codes of the business that expired are cleared so their digits can come again.
 */
export async function startPairing(
  { businessId, actor, input }: UseCaseRequest<{ tillId: string; now: Date }>,
  tx: Tx,
): Promise<PendingPairing> {
  await tx
    .update(displayPairings)
    .set({ code: null })
    .where(
      and(
        eq(displayPairings.businessId, businessId),
        isNotNull(displayPairings.code),
        or(lt(displayPairings.codeExpiresAt, input.now), eq(displayPairings.tillId, input.tillId)),
      ),
    );
  for (let attempt = 0; ; attempt++) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    try {
      const [row] = await tx.transaction((savepoint) =>
        savepoint
          .insert(displayPairings)
          .values({
            businessId,
            tillId: input.tillId,
            code,
            codeExpiresAt: new Date(input.now.getTime() + PAIRING_CODE_TTL_MS),
            createdByUserId: actor.userId,
            createdAt: input.now,
          })
          .returning(),
      );
      return toPending(row!);
    } catch (error) {
      // The same six digits are live for another till of the business: draw again (a savepoint keeps the
      // transaction usable).
      if (uniqueViolation(error) === null || attempt >= 5) throw error;
    }
  }
}

/**
 * A tablet enters the till's code: the pairing is claimed, the code cleared, and the token for the display's
 * cookie returned. The till hears 'display.paired'.
 */
export async function claimPairing(
  { businessId, input }: GuestUseCaseRequest<{ code: string; userAgent: string | null; now: Date }>,
  tx: Tx,
): Promise<{ pairing: PairingRow; token: string }> {
  const [row] = await tx
    .select()
    .from(displayPairings)
    .where(
      and(
        eq(displayPairings.businessId, businessId),
        eq(displayPairings.code, input.code),
        isNull(displayPairings.claimedAt),
        isNull(displayPairings.revokedAt),
        gt(displayPairings.codeExpiresAt, input.now),
      ),
    )
    .for('update')
    .limit(1);
  if (!row) throw PAIRING_CODE_INVALID();
  const token = newSessionToken();
  const name =
    input.userAgent && /tablet|ipad|android/i.test(input.userAgent) ? 'Customer tablet' : 'Customer display';
  const [claimed] = await tx
    .update(displayPairings)
    .set({
      code: null,
      tokenHash: hashToken(token),
      claimedAt: input.now,
      lastSeenAt: input.now,
      name,
      userAgent: input.userAgent?.slice(0, 300) ?? null,
    })
    .where(and(eq(displayPairings.id, row.id), eq(displayPairings.businessId, businessId)))
    .returning();
  await publishEvent(tx, {
    businessId,
    scope: { kind: 'till', tillId: row.tillId },
    type: 'display.paired',
    data: { pairing_id: row.id, name },
  });
  return { pairing: claimed!, token };
}

/**
 * Ends a pairing (a paired display or a code not yet used). The display's open stream is closed on every
 * server instance ('display.unpaired' to its scope), and its cookie is refused from then on.
 */
export async function revokePairing(
  { businessId, input }: UseCaseRequest<{ id: string; now: Date }>,
  tx: Tx,
): Promise<void> {
  const [row] = await tx
    .select()
    .from(displayPairings)
    .where(and(eq(displayPairings.id, input.id), eq(displayPairings.businessId, businessId)))
    .limit(1);
  if (!row) throw PAIRING_NOT_FOUND();
  if (row.revokedAt) return;
  await tx
    .update(displayPairings)
    .set({ revokedAt: input.now, code: null })
    .where(and(eq(displayPairings.id, row.id), eq(displayPairings.businessId, businessId)));
  const data = { pairing_id: row.id };
  await publishEvent(tx, {
    businessId,
    scope: { kind: 'display', tillId: row.tillId },
    type: 'display.unpaired',
    data,
  });
  await publishEvent(tx, {
    businessId,
    scope: { kind: 'till', tillId: row.tillId },
    type: 'display.unpaired',
    data,
  });
}

/** The live pairing this request's display cookie names, or null; its last use is noted. */
export async function findPairedDisplay(
  tx: Tx,
  request: FastifyRequest,
  business: { id: string; slug: string },
  now: Date,
): Promise<PairingRow | null> {
  const token = request.cookies[displayCookieName(business.slug)];
  if (!token || token.length > 200) return null;
  const [row] = await tx
    .select()
    .from(displayPairings)
    .where(
      and(
        eq(displayPairings.tokenHash, hashToken(token)),
        eq(displayPairings.businessId, business.id),
        isLive(now),
      ),
    )
    .limit(1);
  if (!row) return null;
  await tx
    .update(displayPairings)
    .set({ lastSeenAt: now })
    .where(and(eq(displayPairings.id, row.id), eq(displayPairings.businessId, business.id)));
  return row;
}

/** The till's cart or payment state, to its paired displays. */
export async function sendToDisplays(
  { businessId, input }: UseCaseRequest<{ tillId: string; message: TillDisplayInput }>,
  tx: Tx,
): Promise<void> {
  const scope = { kind: 'display' as const, tillId: input.tillId };
  const { message } = input;
  if (message.kind === 'cart') {
    await publishEvent(tx, {
      businessId,
      scope,
      type: 'display.cart',
      data: { cart: message.cart, shop: message.shop },
    });
  } else {
    await publishEvent(tx, {
      businessId,
      scope,
      type: 'display.status',
      data: { status: message.status, timestamp: message.timestamp },
    });
  }
}

/** A paired display (re)connected and asks its till for the current state ('customer-display-ready'). */
export async function askTillForState(
  { businessId, input }: GuestUseCaseRequest<{ pairing: PairingRow }>,
  tx: Tx,
): Promise<void> {
  await publishEvent(tx, {
    businessId,
    scope: { kind: 'till', tillId: input.pairing.tillId },
    type: 'display.ready',
    data: { pairing_id: input.pairing.id },
  });
}
