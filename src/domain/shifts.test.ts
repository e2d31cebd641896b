import { describe, expect, it } from 'vitest';
import {
  CEDI_DENOMINATIONS,
  cashDifference,
  countedLines,
  countedTotal,
  describeDifference,
  differenceKind,
  expectedCash,
  sumDifferences,
} from './shifts.ts';

describe('expected cash', () => {
  it('is the float plus cash sales, minus cash refunds, plus cash in, minus cash out', () => {
    // ₵200 float + ₵356.50 sales − ₵12.00 refunded + ₵50 change bought − ₵30 bread = ₵564.50
    expect(
      expectedCash({ openingFloat: 20000, cashSales: 35650, cashRefunds: 1200, cashIn: 5000, cashOut: 3000 }),
    ).toBe(56450);
  });
  it('is the float alone for a shift with no cash movement', () => {
    expect(expectedCash({ openingFloat: 15000, cashSales: 0, cashRefunds: 0, cashIn: 0, cashOut: 0 })).toBe(
      15000,
    );
  });
  it('may go below zero when more cash left than came in (the count then shows it)', () => {
    expect(expectedCash({ openingFloat: 0, cashSales: 0, cashRefunds: 500, cashIn: 0, cashOut: 0 })).toBe(
      -500,
    );
  });
});

describe('the difference', () => {
  it('is counted minus expected: over when more was counted, short when less', () => {
    expect(cashDifference(56450, 56700)).toBe(250);
    expect(cashDifference(56450, 56350)).toBe(-100);
    expect(differenceKind(250)).toBe('over');
    expect(differenceKind(-100)).toBe('short');
    expect(differenceKind(0)).toBe('balanced');
  });
  it('reads as an amount over or short, or balanced', () => {
    expect(describeDifference(250)).toBe('₵2.50 over');
    expect(describeDifference(-100)).toBe('₵1.00 short');
    expect(describeDifference(0)).toBe('Balanced');
  });
  it('adds a cashier\u2019s overs and shorts separately, so they do not cancel out', () => {
    expect(sumDifferences([250, -100, 0, -50, 1000])).toEqual({ over: 1250, short: 150 });
    expect(sumDifferences([])).toEqual({ over: 0, short: 0 });
  });
});

describe('the note-and-coin counter', () => {
  it('lists every cedi note and coin in circulation, largest first, with the ₵2 and ₵1 as both', () => {
    expect(CEDI_DENOMINATIONS.filter((d) => d.kind === 'note').map((d) => d.label)).toEqual([
      '₵200',
      '₵100',
      '₵50',
      '₵20',
      '₵10',
      '₵5',
      '₵2',
      '₵1',
    ]);
    expect(CEDI_DENOMINATIONS.filter((d) => d.kind === 'coin').map((d) => d.label)).toEqual([
      '₵2',
      '₵1',
      '50p',
      '20p',
      '10p',
      '5p',
      '1p',
    ]);
    expect(new Set(CEDI_DENOMINATIONS.map((d) => d.id)).size).toBe(CEDI_DENOMINATIONS.length);
  });
  it('adds up the pieces to pesewas exactly', () => {
    // 2 × ₵200 + 3 × ₵50 + 1 × ₵2 coin + 4 × 50p + 3 × 10p + 7 × 1p = 400 + 150 + 2 + 2 + 0.30 + 0.07
    expect(countedTotal({ note_200: 2, note_50: 3, coin_2: 1, coin_50p: 4, coin_10p: 3, coin_1p: 7 })).toBe(
      55437,
    );
  });
  it('ignores unknown denominations and counts that are not whole positive numbers', () => {
    expect(countedTotal({ note_500: 3, note_10: -2, note_5: 1.5, coin_1: 2 })).toBe(200);
    expect(countedTotal({})).toBe(0);
  });
  it('lists only what was counted, naming notes and coins apart', () => {
    expect(countedLines({ note_2: 1, coin_2: 3, note_100: 0 })).toEqual([
      { label: '₵2 note', pieces: 1, amount: 200 },
      { label: '₵2 coin', pieces: 3, amount: 600 },
    ]);
  });
});
