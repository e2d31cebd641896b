import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { accountTokens } from '../../db/schema/index.ts';
import { hashToken, newSessionToken } from '../../http/session-token.ts';

export type TokenPurpose = (typeof accountTokens.$inferSelect)['purpose'];

/** A new single-use token for a person; only its hash is stored. */
export async function issueToken(
  db: Queryable,
  input: { purpose: TokenPurpose; userId: string; businessId: string; expiresAt: Date },
): Promise<string> {
  const token = newSessionToken();
  await db.insert(accountTokens).values({ ...input, tokenHash: hashToken(token) });
  return token;
}

/**
 * Marks a live token of this purpose and business used and returns it, or null (unknown, expired, used, or
 * another business's). The update is the check: two requests racing with one token cannot both win.
 */
export async function consumeToken(
  db: Queryable,
  input: { token: string; purpose: TokenPurpose; businessId: string; now: Date },
): Promise<{ userId: string } | null> {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: input.now })
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(input.token)),
        eq(accountTokens.purpose, input.purpose),
        eq(accountTokens.businessId, input.businessId),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, input.now),
      ),
    )
    .returning({ userId: accountTokens.userId });
  return row ?? null;
}

/** Whether a token is still usable, without using it (the reset page checks its link on opening). */
export async function findLiveToken(
  db: Queryable,
  input: { token: string; purpose: TokenPurpose; businessId: string; now: Date },
): Promise<{ expiresAt: Date } | null> {
  const [row] = await db
    .select({ expiresAt: accountTokens.expiresAt })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(input.token)),
        eq(accountTokens.purpose, input.purpose),
        eq(accountTokens.businessId, input.businessId),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, input.now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Voids a person's unused tokens of a purpose (a new reset link replaces the old ones). */
export async function voidTokens(
  db: Queryable,
  userId: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<void> {
  await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)),
    );
}
