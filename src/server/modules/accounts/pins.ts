import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import { PIN_LENGTH } from '#domain/pin.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { appSecrets, users } from '../../db/schema/index.ts';

// PINs are six digits: far too few for a slow password hash to protect them, and a sign-in must find the
// person by the PIN alone. So a PIN is stored as an HMAC-SHA256 of (business_id, pin) under a server secret:
// one indexed lookup finds it, the database alone does not reveal it, and the same PIN in two businesses
// gives two different values. Guessing is stopped by rate limits (see pin-sign-in.ts).

const PIN_SECRET_NAME = 'pin_hmac_key';
const cachedSecrets = new WeakMap<Database, string>();

/** The configured PIN_SECRET, else the one kept in the database (made on first use, shared by all instances). */
export async function loadPinSecret(database: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const cached = cachedSecrets.get(database);
  if (cached) return cached;
  const secret = await readOrCreateStoredSecret(database.db);
  cachedSecrets.set(database, secret);
  return secret;
}

/** The stored PIN secret, created if missing; safe when two instances race (the first insert wins). */
export async function readOrCreateStoredSecret(db: Queryable): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name: PIN_SECRET_NAME, value: randomBytes(32).toString('hex') })
    .onConflictDoNothing({ target: appSecrets.name });
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, PIN_SECRET_NAME));
  return row!.value;
}

export function hashPin(secret: string, businessId: string, pin: string): string {
  return createHmac('sha256', secret).update(`${businessId}:${pin}`).digest('hex');
}

/** A random six-digit PIN (leading zeros allowed). */
export function generatePin(): string {
  return String(randomInt(0, 10 ** PIN_LENGTH)).padStart(PIN_LENGTH, '0');
}

/** Whether another person of the business already has this PIN (PINs are unique within a business). */
export async function isPinTaken(
  db: Queryable,
  secret: string,
  businessId: string,
  pin: string,
  exceptUserId?: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.businessId, businessId),
        isNotNull(users.pinHash),
        eq(users.pinHash, hashPin(secret, businessId, pin)),
      ),
    )
    .limit(2);
  return rows.some((row) => row.id !== exceptUserId);
}

export type PinAssignment = { pin: string; expiresAt: Date | null };

/**
 * Gives a person a new random PIN, unique in the business, replacing any earlier one. `isFirstLogin` makes it
 * a first-login PIN: its first use completes the account's setup; it works until the person chooses their own. Run inside the caller's tenant transaction.
 */
export async function assignNewPin(
  db: Queryable,
  secret: string,
  target: { userId: string; businessId: string },
  options: { expiresAt: Date | null; isFirstLogin: boolean },
): Promise<PinAssignment> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const pin = generatePin();
    if (await isPinTaken(db, secret, target.businessId, pin, target.userId)) continue;
    await db
      .update(users)
      .set({
        pinHash: hashPin(secret, target.businessId, pin),
        pinExpiresAt: options.expiresAt,
        isFirstLogin: options.isFirstLogin,
        updatedAt: new Date(),
      })
      .where(and(eq(users.id, target.userId), eq(users.businessId, target.businessId)));
    return { pin, expiresAt: options.expiresAt };
  }
  // A business would need most of the million PINs in use for twenty draws to collide.
  throw new Error('Could not find a free PIN for this business');
}
