import { describe, expect, it } from 'vitest';
import {
  OFFLINE_RECEIPT_PATTERN,
  offlinePriceProblem,
  offlineReceiptNumber,
  offlineTenderProblem,
  offlineTimeProblem,
  splitShortfall,
} from './offline-sale.ts';

describe('offline receipt numbers', () => {
  it('carry the till and its sequence, and match the pattern the server checks', () => {
    const number = offlineReceiptNumber('3f2a9c1b-77d0-4e11-9a2b-000000000000', 7);
    expect(number).toBe('OFF-3F2A9C1B77D0-0007');
    expect(OFFLINE_RECEIPT_PATTERN.test(number)).toBe(true);
  });

  it('differ between two tills at the same sequence', () => {
    const a = offlineReceiptNumber('3f2a9c1b-77d0-4e11-9a2b-000000000000', 1);
    const b = offlineReceiptNumber('3f2a9c1b-77d1-4e11-9a2b-000000000000', 1);
    expect(a).not.toBe(b);
  });
});

describe('offline sale time', () => {
  const now = new Date('2026-11-24T10:00:00Z');
  it('accepts the past two weeks and a slightly fast clock', () => {
    expect(offlineTimeProblem(new Date('2026-11-20T10:00:00Z'), now)).toBeNull();
    expect(offlineTimeProblem(new Date('2026-11-24T10:05:00Z'), now)).toBeNull();
  });
  it('refuses the future and the too old', () => {
    expect(offlineTimeProblem(new Date('2026-11-24T11:00:00Z'), now)).toBe('future');
    expect(offlineTimeProblem(new Date('2026-11-01T10:00:00Z'), now)).toBe('too_old');
  });
});

describe('the price of the day', () => {
  it('accepts any price the product had that day', () => {
    expect(offlinePriceProblem(600, [600, 550, 700])).toBeNull();
    expect(offlinePriceProblem(550, [600, 550, 700])).toBeNull();
  });
  it('refuses a price below the lowest or above the highest of the day', () => {
    expect(offlinePriceProblem(100, [600, 550])).toEqual({ code: 'BELOW_DAY_PRICE', bound: 550 });
    expect(offlinePriceProblem(900, [600, 550])).toEqual({ code: 'ABOVE_DAY_PRICE', bound: 600 });
  });
});

describe('stock shortfall', () => {
  it('takes what is there and reports the rest; stock never goes below zero', () => {
    expect(splitShortfall(5, 10)).toEqual({ take: 5, shortBy: 0 });
    expect(splitShortfall(5, 2)).toEqual({ take: 2, shortBy: 3 });
    expect(splitShortfall(5, 0)).toEqual({ take: 0, shortBy: 5 });
  });
});

describe('what a till takes offline', () => {
  it('is cash and manual mobile money with its transaction ID; card and provider prompts are refused', () => {
    expect(offlineTenderProblem([{ method: 'cash' }])).toBeNull();
    expect(
      offlineTenderProblem([
        { method: 'cash' },
        { method: 'mtn_momo', reference: 'MP241124.1033.A12345' },
        { method: 'telecel_cash', reference: '0012345678' },
      ]),
    ).toBeNull();
    expect(offlineTenderProblem([{ method: 'cash' }, { method: 'card', reference: 'X1' }])).toEqual({
      index: 1,
      code: 'METHOD',
    });
    // A customer's number is a provider prompt, even with a reference.
    expect(offlineTenderProblem([{ method: 'mtn_momo', phone: '+233241234567', reference: 'A1' }])).toEqual({
      index: 0,
      code: 'METHOD',
    });
    expect(offlineTenderProblem([{ method: 'airteltigo_money', reference: '  ' }])).toEqual({
      index: 0,
      code: 'TRANSACTION_ID',
    });
  });
});
