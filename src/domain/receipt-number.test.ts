import { describe, expect, it, vi } from 'vitest';
import { isReceiptNumber, refundReceiptNumber, saleReceiptNumber } from './receipt-number.ts';

describe('receipt numbers (operations §9)', () => {
  const now = new Date('2025-03-01T10:00:00.000Z');
  it('reads RCP-{timestamp}-{6 random uppercase}', () => {
    let i = 0;
    expect(saleReceiptNumber(now, () => i++)).toBe(`RCP-${now.getTime()}-ABCDEF`);
  });
  it('uses REF- for refunds', () => {
    expect(refundReceiptNumber(now, () => 35)).toBe(`REF-${now.getTime()}-999999`);
  });
  it('draws uppercase letters and digits from a secure source by default', () => {
    const numbers = Array.from({ length: 200 }, () => saleReceiptNumber(now));
    for (const number of numbers) expect(number).toMatch(/^RCP-1740823200000-[A-Z0-9]{6}$/);
    expect(new Set(numbers).size).toBe(200);
    expect(isReceiptNumber(numbers[0] as string)).toBe(true);
    expect(isReceiptNumber('RCP-1-abcdef')).toBe(false);
  });
  it('asks the system for random bytes in batches, not once a character', () => {
    const source = vi.spyOn(globalThis.crypto, 'getRandomValues');
    for (let i = 0; i < 100; i++) saleReceiptNumber(now);
    // 600 characters, a few bytes more for the rejected ones: about three batches of 256.
    expect(source.mock.calls.length).toBeLessThanOrEqual(5);
    source.mockRestore();
  });
});
