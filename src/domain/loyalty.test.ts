import { describe, expect, it } from 'vitest';
import {
  checkRedemption,
  describeRates,
  maxRedeemablePoints,
  pointsEarned,
  pointsToReverse,
  redemptionValue,
} from './loyalty.ts';
import { loyaltySettingsInput } from './schemas/loyalty.ts';

const rates = { points_per_cedi: 1, points_per_cedi_redeemed: 100 };

describe('pointsEarned', () => {
  it('gives whole points per full cedi paid, rounded down', () => {
    expect(pointsEarned(1250, rates)).toBe(12);
    expect(pointsEarned(99, rates)).toBe(0);
    expect(pointsEarned(100, rates)).toBe(1);
    expect(pointsEarned(1250, { points_per_cedi: 5 })).toBe(62);
  });
  it('never earns on nothing or a negative amount', () => {
    expect(pointsEarned(0, rates)).toBe(0);
    expect(pointsEarned(-500, rates)).toBe(0);
  });
});

describe('redemptionValue', () => {
  it('is pesewas, rounded down in the shop’s favour', () => {
    expect(redemptionValue(200, rates)).toBe(200);
    expect(redemptionValue(200, { points_per_cedi_redeemed: 300 })).toBe(66);
    expect(redemptionValue(10, { points_per_cedi_redeemed: 50 })).toBe(20);
    expect(redemptionValue(0, rates)).toBe(0);
  });
});

describe('maxRedeemablePoints', () => {
  it('is the balance when the sale is larger', () => {
    expect(maxRedeemablePoints(300, 10_000, rates)).toBe(300);
  });
  it('stops at what pays for the payable part of the sale', () => {
    expect(maxRedeemablePoints(5000, 1200, rates)).toBe(1200);
    expect(maxRedeemablePoints(5000, 1200, { points_per_cedi_redeemed: 50 })).toBe(600);
  });
  it('is 0 with no balance or nothing to pay', () => {
    expect(maxRedeemablePoints(0, 1000, rates)).toBe(0);
    expect(maxRedeemablePoints(100, 0, rates)).toBe(0);
  });
});

describe('checkRedemption', () => {
  it('gives the value of an allowed redemption', () => {
    expect(checkRedemption(150, 200, 1000, rates)).toEqual({ value: 150 });
  });
  it('refuses more points than the balance', () => {
    expect(checkRedemption(250, 200, 1000, rates).problem).toEqual({
      code: 'NOT_ENOUGH_POINTS',
      message: 'The customer has only 200 points',
    });
  });
  it('refuses more than the sale can take off', () => {
    expect(checkRedemption(600, 1000, 500, rates).problem).toEqual({
      code: 'REDEMPTION_TOO_LARGE',
      message: 'Points can pay for at most ₵5.00 of this sale',
    });
  });
  it('refuses points worth nothing', () => {
    expect(checkRedemption(2, 10, 500, { points_per_cedi_redeemed: 300 }).problem?.code).toBe(
      'REDEMPTION_WORTHLESS',
    );
  });
});

describe('pointsToReverse', () => {
  it('takes back a share proportional to the money refunded', () => {
    expect(
      pointsToReverse({
        points: 30,
        alreadyReversed: 0,
        refunded: 1000,
        saleTotal: 3000,
        isLastRefund: false,
      }),
    ).toBe(10);
  });
  it('rounds down, and the last refund takes exactly what is left', () => {
    const first = pointsToReverse({
      points: 10,
      alreadyReversed: 0,
      refunded: 1000,
      saleTotal: 3000,
      isLastRefund: false,
    });
    expect(first).toBe(3);
    expect(
      pointsToReverse({
        points: 10,
        alreadyReversed: first,
        refunded: 2000,
        saleTotal: 3000,
        isLastRefund: true,
      }),
    ).toBe(7);
  });
  it('never takes back more than is left', () => {
    expect(
      pointsToReverse({
        points: 10,
        alreadyReversed: 9,
        refunded: 3000,
        saleTotal: 3000,
        isLastRefund: false,
      }),
    ).toBe(1);
  });
});

describe('settings input', () => {
  it('accepts whole rates in range and refuses the rest with a clear message', () => {
    expect(loyaltySettingsInput.safeParse({ is_enabled: true, ...rates }).success).toBe(true);
    const zero = loyaltySettingsInput.safeParse({
      is_enabled: true,
      points_per_cedi: 0,
      points_per_cedi_redeemed: 100,
    });
    expect(zero.error?.issues[0]?.message).toBe('Points per ₵1 must be at least 1');
    const fraction = loyaltySettingsInput.safeParse({
      is_enabled: true,
      points_per_cedi: 1,
      points_per_cedi_redeemed: 1.5,
    });
    expect(fraction.error?.issues[0]?.message).toBe('Points for ₵1 must be a whole number');
  });
  it('describes the rates in words', () => {
    expect(describeRates(rates)).toBe('Earn 1 point per ₵1 · 100 points = ₵1');
  });
});
