import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { chooseOwnPinInput } from '#domain/schemas/employees.ts';
import type { Tx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/database-errors.ts';
import { users } from '../../db/schema/index.ts';
import { access } from '../../http/access.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { consumeRateLimit } from '../../http/rate-limit.ts';
import { inTenant, staffScope } from '../../http/staff-scope.ts';
import type { App, AppDeps } from '../../http/types.ts';
import type { UseCaseRequest } from '../use-case.ts';
import { PASSWORD_ALREADY_SET, PIN_TAKEN, USER_NOT_FOUND } from './errors.ts';
import { hashPassword } from './passwords.ts';
import { hashPin, isPinTaken, loadPinSecret } from './pins.ts';

/**
 * Choosing one's own PIN: after signing in with an issued PIN (first login, or a new PIN from a manager) and
 * whenever the person wants another. Unique in the business; "already in use" tells a person that a colleague
 * holds it, so tries are limited (5 an hour per person). A first password for email sign-in may come with it.
 */
export const OWN_PIN_LIMIT = { limit: 5, windowMs: 60 * 60_000, what: 'PIN changes' };

type OwnPinInput = z.output<typeof chooseOwnPinInput> & { pinSecret: string; now: Date };

export async function chooseOwnPin({ businessId, actor, input }: UseCaseRequest<OwnPinInput>, tx: Tx) {
  const [me] = await tx
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, actor.userId), eq(users.businessId, businessId)))
    .limit(1)
    .for('update');
  if (!me) throw USER_NOT_FOUND();
  if (input.password && me.passwordHash) throw PASSWORD_ALREADY_SET();
  if (await isPinTaken(tx, input.pinSecret, businessId, input.pin, me.id)) throw PIN_TAKEN();
  try {
    await tx
      .update(users)
      .set({
        pinHash: hashPin(input.pinSecret, businessId, input.pin),
        pinExpiresAt: null,
        isFirstLogin: false,
        ...(input.password ? { passwordHash: await hashPassword(input.password) } : {}),
        updatedAt: input.now,
      })
      .where(and(eq(users.id, me.id), eq(users.businessId, businessId)));
  } catch (error) {
    if (uniqueViolation(error) !== null) throw PIN_TAKEN();
    throw error;
  }
  return { has_password: Boolean(input.password || me.passwordHash) };
}

export async function ownPinRoutes(app: App, deps: AppDeps): Promise<void> {
  app.put(
    '/api/v1/me/pin',
    {
      config: { access: access.staff },
      schema: {
        tags: ['me'],
        summary: 'Choose your own six-digit PIN (unique in the business), optionally with a first password',
        body: chooseOwnPinInput,
        response: {
          200: z.object({ ok: z.literal(true), has_password: z.boolean() }),
          ...errorResponses(409, 429),
        },
      },
    },
    async (request) => {
      const pinSecret = await loadPinSecret(deps.database, deps.config.PIN_SECRET);
      const { actor } = await staffScope(request, deps);
      await consumeRateLimit(deps, { key: `own-pin:user:${actor.userId}`, ...OWN_PIN_LIMIT });
      const result = await inTenant(request, deps, (scope, tx) =>
        chooseOwnPin({ ...scope, input: { ...request.body, pinSecret, now: deps.now() } }, tx),
      );
      return { ok: true as const, ...result };
    },
  );
}
