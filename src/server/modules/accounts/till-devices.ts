import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TillDevice } from '#domain/schemas/employees.ts';
import type { Queryable, Tx } from '../../db/client.ts';
import { tillDevices } from '../../db/schema/index.ts';
import { clearSessionCookie, setSessionCookie } from '../../http/session-cookies.ts';
import { hashToken, newSessionToken } from '../../http/session-token.ts';
import type { AppDeps } from '../../http/types.ts';
import { recordAudit } from '../audit/index.ts';
import type { UseCaseRequest } from '../use-case.ts';
import { DEVICE_NOT_FOUND, PASSWORD_SIGN_IN_NEEDED } from './errors.ts';

// Trusted till devices. PIN quick login works only in a browser that an owner or manager, signed in with a
// password, marked as a till: it holds a long-lived random token in an HttpOnly cookie (only its SHA-256 is
// stored). Without it nobody can try a PIN, and failed PINs are counted per device, so a stranger can
// neither guess PINs nor lock a shop's tills out. Owners and managers list and revoke devices.

/** One cookie per business, like the session cookie, so businesses sharing a host keep their own. */
export const tillCookieName = (slug: string) => `pos_till_${slug}`;
/** Browsers keep a cookie at most 400 days; a till signed into at least that often stays trusted. */
const TILL_COOKIE_MS = 400 * 86_400_000;

type DeviceRow = typeof tillDevices.$inferSelect;

/** The live trusted device this browser's cookie names for the business, or null. */
export async function findTrustedDevice(
  db: Queryable,
  request: FastifyRequest,
  business: { id: string; slug: string },
): Promise<DeviceRow | null> {
  const token = request.cookies[tillCookieName(business.slug)];
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select()
    .from(tillDevices)
    .where(
      and(
        eq(tillDevices.tokenHash, hashToken(token)),
        eq(tillDevices.businessId, business.id),
        isNull(tillDevices.revokedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

function toTillDevice(row: DeviceRow, thisDeviceId: string | null): TillDevice {
  return {
    id: row.id,
    name: row.name,
    trusted_by_name: row.trustedByName,
    user_agent: row.userAgent,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    is_this_device: row.id === thisDeviceId,
  };
}

export async function listTillDevices(tx: Tx, businessId: string, thisDeviceId: string | null) {
  const rows = await tx
    .select()
    .from(tillDevices)
    .where(eq(tillDevices.businessId, businessId))
    .orderBy(desc(tillDevices.createdAt))
    .limit(200);
  return rows.map((row) => toTillDevice(row, thisDeviceId));
}

type TrustInput = { name: string; authMethod: 'password' | 'pin'; userAgent: string | null; now: Date };

/**
 * Trust this browser as a till: only after a password sign-in (a PIN proves too little to hand out PIN
 * access). Returns the token for the cookie; a browser already trusted is renamed, not trusted twice.
 */
export async function trustTillDevice(
  { businessId, actor, input }: UseCaseRequest<TrustInput & { current: DeviceRow | null }>,
  tx: Tx,
): Promise<{ device: DeviceRow; token: string | null }> {
  if (input.authMethod !== 'password') throw PASSWORD_SIGN_IN_NEEDED();
  if (input.current) {
    const [renamed] = await tx
      .update(tillDevices)
      .set({ name: input.name })
      .where(and(eq(tillDevices.id, input.current.id), eq(tillDevices.businessId, businessId)))
      .returning();
    return { device: renamed!, token: null };
  }
  const token = newSessionToken();
  const [device] = await tx
    .insert(tillDevices)
    .values({
      businessId,
      tokenHash: hashToken(token),
      name: input.name,
      trustedByUserId: actor.userId,
      trustedByName: `${actor.firstName} ${actor.lastName}`.trim(),
      userAgent: input.userAgent?.slice(0, 300) ?? null,
      createdAt: input.now,
    })
    .returning();
  await recordAudit(
    tx,
    { businessId, actor },
    {
      action: 'till_device_trusted',
      subject: { type: 'device', id: device!.id },
      summary: `Trusted "${input.name}" as a till`,
    },
  );
  return { device: device!, token };
}

export async function revokeTillDevice(
  { businessId, actor, input }: UseCaseRequest<{ id: string; now: Date }>,
  tx: Tx,
): Promise<DeviceRow> {
  const [row] = await tx
    .select()
    .from(tillDevices)
    .where(and(eq(tillDevices.id, input.id), eq(tillDevices.businessId, businessId)))
    .limit(1);
  if (!row) throw DEVICE_NOT_FOUND();
  if (row.revokedAt) return row;
  const [revoked] = await tx
    .update(tillDevices)
    .set({ revokedAt: input.now })
    .where(and(eq(tillDevices.id, row.id), eq(tillDevices.businessId, businessId)))
    .returning();
  await recordAudit(
    tx,
    { businessId, actor },
    {
      action: 'till_device_revoked',
      subject: { type: 'device', id: row.id },
      summary: `Revoked till "${row.name}"`,
    },
  );
  return revoked!;
}

export function setTillCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  deps: AppDeps,
  slug: string,
  token: string,
): void {
  setSessionCookie(
    reply,
    request,
    deps,
    tillCookieName(slug),
    token,
    new Date(deps.now().getTime() + TILL_COOKIE_MS),
  );
}

export function clearTillCookie(reply: FastifyReply, request: FastifyRequest, deps: AppDeps, slug: string) {
  clearSessionCookie(reply, request, deps, tillCookieName(slug));
}

export { toTillDevice };
