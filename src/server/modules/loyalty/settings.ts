import { eq, sql } from 'drizzle-orm';
import { DEFAULT_POINTS_PER_CEDI, DEFAULT_POINTS_PER_CEDI_REDEEMED, describeRates } from '#domain/loyalty.ts';
import type { LoyaltySettings, LoyaltySettingsInput } from '#domain/schemas/loyalty.ts';
import type { Queryable, Tx } from '../../db/client.ts';
import { businesses, customers, loyaltySettings } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';
import type { UseCaseRequest } from '../use-case.ts';

// The loyalty program's settings: on when the business's POS features hold loyalty_program (platform §3, the
// same switch onboarding sets), with the earn and redeem rates of loyalty_settings (defaults when never saved).

export const LOYALTY_FEATURE = 'loyalty_program';

/** The business's loyalty settings, read in the caller's transaction. */
export async function readLoyaltySettings(tx: Queryable, businessId: string): Promise<LoyaltySettings> {
  return (await readLoyaltyOf(tx, businessId, null)).settings;
}

/**
 * The settings and, in the same round trip (a checkout's), a customer's balance (0 when not asked or not
 * found).
 */
export async function readLoyaltyOf(
  tx: Queryable,
  businessId: string,
  customerId: string | null,
): Promise<{ settings: LoyaltySettings; balance: number }> {
  const [row] = await tx
    .select({
      features: businesses.posFeatures,
      pointsPerCedi: loyaltySettings.pointsPerCedi,
      pointsPerCediRedeemed: loyaltySettings.pointsPerCediRedeemed,
      balance: customerId
        ? sql<number>`(select ${customers.loyaltyPoints} from ${customers}
            where ${customers.id} = ${customerId} and ${customers.businessId} = ${businessId})`
        : sql<number>`0`,
    })
    .from(businesses)
    .leftJoin(loyaltySettings, eq(loyaltySettings.businessId, businesses.id))
    .where(eq(businesses.id, businessId));
  return {
    settings: {
      is_enabled: row?.features.includes(LOYALTY_FEATURE) ?? false,
      points_per_cedi: row?.pointsPerCedi ?? DEFAULT_POINTS_PER_CEDI,
      points_per_cedi_redeemed: row?.pointsPerCediRedeemed ?? DEFAULT_POINTS_PER_CEDI_REDEEMED,
    },
    balance: Number(row?.balance ?? 0),
  };
}

const describe = (settings: LoyaltySettings) =>
  `${settings.is_enabled ? 'on' : 'off'} (${describeRates(settings)})`;

/**
 * The owner's change: switches the loyalty_program feature and saves the rates, in one transaction with its
 * audit line. Saving the same settings again changes nothing and writes no line.
 */
export async function saveLoyaltySettings(
  { businessId, actor, input }: UseCaseRequest<LoyaltySettingsInput & { now: Date }>,
  tx: Tx,
): Promise<LoyaltySettings> {
  // The business row is locked first, so two owners saving at once do not interleave.
  await tx.execute(sql`select 1 from businesses where id = ${businessId} for update`);
  const before = await readLoyaltySettings(tx, businessId);
  const after: LoyaltySettings = {
    is_enabled: input.is_enabled,
    points_per_cedi: input.points_per_cedi,
    points_per_cedi_redeemed: input.points_per_cedi_redeemed,
  };
  if (before.is_enabled !== after.is_enabled) {
    await tx
      .update(businesses)
      .set({
        posFeatures: after.is_enabled
          ? sql`array_append(array_remove(${businesses.posFeatures}, ${LOYALTY_FEATURE}), ${LOYALTY_FEATURE})`
          : sql`array_remove(${businesses.posFeatures}, ${LOYALTY_FEATURE})`,
        updatedAt: input.now,
      })
      .where(eq(businesses.id, businessId));
  }
  await tx
    .insert(loyaltySettings)
    .values({
      businessId,
      pointsPerCedi: after.points_per_cedi,
      pointsPerCediRedeemed: after.points_per_cedi_redeemed,
      updatedAt: input.now,
    })
    .onConflictDoUpdate({
      target: loyaltySettings.businessId,
      set: {
        pointsPerCedi: after.points_per_cedi,
        pointsPerCediRedeemed: after.points_per_cedi_redeemed,
        updatedAt: input.now,
      },
    });
  const isChanged =
    before.is_enabled !== after.is_enabled ||
    before.points_per_cedi !== after.points_per_cedi ||
    before.points_per_cedi_redeemed !== after.points_per_cedi_redeemed;
  if (isChanged) {
    await recordAudit(
      tx,
      { businessId, actor },
      {
        action: 'loyalty_settings_changed',
        subject: { type: 'business', id: businessId },
        summary: `Loyalty program ${describe(before)} → ${describe(after)}`,
        before,
        after,
      },
    );
  }
  return after;
}
