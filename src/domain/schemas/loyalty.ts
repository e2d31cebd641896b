import { z } from 'zod';
import { LOYALTY_REASONS, MAX_POINTS_PER_CEDI, MAX_POINTS_PER_CEDI_REDEEMED } from '../loyalty.ts';

// Loyalty points in the API (issue 16): the settings, a customer's ledger and a sale's points for its receipt.

const rateField = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(max, `${label} must be at most ${max.toLocaleString('en-GH')}`);

export const loyaltySettingsInput = z.object({
  is_enabled: z.boolean({ error: 'Choose whether the loyalty program is on' }),
  points_per_cedi: rateField('Points per ₵1', MAX_POINTS_PER_CEDI),
  points_per_cedi_redeemed: rateField('Points for ₵1', MAX_POINTS_PER_CEDI_REDEEMED),
});
export type LoyaltySettingsInput = z.infer<typeof loyaltySettingsInput>;
export const loyaltySettingsResponse = loyaltySettingsInput;
export type LoyaltySettings = z.infer<typeof loyaltySettingsResponse>;

export const loyaltyEntry = z.object({
  id: z.uuid(),
  delta: z.number().int(),
  balance_after: z.number().int(),
  reason: z.enum(LOYALTY_REASONS),
  /** Redemptions: what the points paid for, pesewas. */
  value: z.number().int(),
  sale_id: z.uuid().nullable(),
  receipt_number: z.string().nullable(),
  refund_receipt_number: z.string().nullable(),
  by: z.string().nullable(),
  created_at: z.string(),
});
export type LoyaltyEntry = z.infer<typeof loyaltyEntry>;

export const customerLoyaltyResponse = z.object({
  balance: z.number().int(),
  settings: loyaltySettingsResponse,
  entries: z.array(loyaltyEntry),
});
export type CustomerLoyalty = z.infer<typeof customerLoyaltyResponse>;

/** A sale's (or refund's) points, for its receipt. */
export const saleLoyalty = z.object({
  points_earned: z.number().int(),
  points_redeemed: z.number().int(),
  /** What the redeemed points paid for, pesewas (part of the sale's discount). */
  redeemed_value: z.number().int(),
  /** Refunds and voids: earned points taken back, redeemed points given back. */
  points_reversed: z.number().int(),
  points_returned: z.number().int(),
  /** The customer's balance right after this sale's (or refund's) last change. */
  balance: z.number().int(),
});
export type SaleLoyalty = z.infer<typeof saleLoyalty>;
