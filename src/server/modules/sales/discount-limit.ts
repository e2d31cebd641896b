import { eq } from 'drizzle-orm';
import type { DiscountLimitInput } from '#domain/schemas/transactions.ts';
import type { Tx } from '../../db/client.ts';
import { businesses } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';
import type { UseCaseRequest } from '../use-case.ts';

/** The owner's setting: the largest discount the till gives without a manager's or owner's PIN. */
export async function setDiscountLimit(
  { businessId, actor, input }: UseCaseRequest<DiscountLimitInput & { before: number }>,
  tx: Tx,
): Promise<{ discount_limit_percent: number }> {
  const next = input.discount_limit_percent;
  await tx
    .update(businesses)
    .set({ discountLimitPercent: next, updatedAt: new Date() })
    .where(eq(businesses.id, businessId));
  if (next !== input.before) {
    await recordAudit(
      tx,
      { businessId, actor },
      {
        action: 'discount_limit_changed',
        subject: { type: 'business', id: businessId },
        summary: `Discount limit ${input.before}% → ${next}%`,
        before: { discount_limit_percent: input.before },
        after: { discount_limit_percent: next },
      },
    );
  }
  return { discount_limit_percent: next };
}
