import { formatCedis } from './money.ts';

// Shifts and the end-of-day cash-up: what should be in the drawer, what was counted, and the difference. The
// server computes a closing shift's figures with these, and the till's counter shows the same sums as the
// cashier types, so the screen and the Z report never disagree. All amounts are integer pesewas.

export type DenominationKind = 'note' | 'coin';

export type Denomination = {
  /** Stable key of the count ('note_200', 'coin_50p'); the ₵2 and ₵1 exist as both a note and a coin. */
  id: string;
  kind: DenominationKind;
  /** Pesewas. */
  value: number;
  label: string;
};

/**
 * The cedi notes and coins in circulation (Bank of Ghana): notes ₵200 and ₵100 (2019), ₵50, ₵20, ₵10, ₵5, ₵2
 * (2019) and ₵1; coins ₵2 (2019), ₵1, 50p, 20p, 10p, 5p and 1p. Largest first, as a drawer is counted.
 */
export const CEDI_DENOMINATIONS: readonly Denomination[] = [
  { id: 'note_200', kind: 'note', value: 20000, label: '₵200' },
  { id: 'note_100', kind: 'note', value: 10000, label: '₵100' },
  { id: 'note_50', kind: 'note', value: 5000, label: '₵50' },
  { id: 'note_20', kind: 'note', value: 2000, label: '₵20' },
  { id: 'note_10', kind: 'note', value: 1000, label: '₵10' },
  { id: 'note_5', kind: 'note', value: 500, label: '₵5' },
  { id: 'note_2', kind: 'note', value: 200, label: '₵2' },
  { id: 'note_1', kind: 'note', value: 100, label: '₵1' },
  { id: 'coin_2', kind: 'coin', value: 200, label: '₵2' },
  { id: 'coin_1', kind: 'coin', value: 100, label: '₵1' },
  { id: 'coin_50p', kind: 'coin', value: 50, label: '50p' },
  { id: 'coin_20p', kind: 'coin', value: 20, label: '20p' },
  { id: 'coin_10p', kind: 'coin', value: 10, label: '10p' },
  { id: 'coin_5p', kind: 'coin', value: 5, label: '5p' },
  { id: 'coin_1p', kind: 'coin', value: 1, label: '1p' },
];

export const DENOMINATION_IDS = CEDI_DENOMINATIONS.map((denomination) => denomination.id);

/** How many of each note and coin were counted, by denomination id; missing ids count as none. */
export type DenominationCount = Partial<Record<string, number>>;

/** The most pieces of one denomination a drawer count takes (a typo guard, not a business rule). */
export const MAX_PIECES = 100_000;

/** The pesewas a count of notes and coins adds up to. Unknown ids and non-whole or negative counts are ignored. */
export function countedTotal(count: DenominationCount): number {
  let total = 0;
  for (const denomination of CEDI_DENOMINATIONS) {
    const pieces = count[denomination.id] ?? 0;
    if (Number.isInteger(pieces) && pieces > 0) total += pieces * denomination.value;
  }
  return total;
}

/** The counted denominations only, in drawer order: what the Z report lists. */
export function countedLines(count: DenominationCount): { label: string; pieces: number; amount: number }[] {
  return CEDI_DENOMINATIONS.flatMap((denomination) => {
    const pieces = count[denomination.id] ?? 0;
    if (!Number.isInteger(pieces) || pieces <= 0) return [];
    const label = `${denomination.label} ${denomination.kind}`;
    return [{ label, pieces, amount: pieces * denomination.value }];
  });
}

export type CashFlow = {
  openingFloat: number;
  /** Cash taken for sales of the shift (what went into the drawer: change already handed back). */
  cashSales: number;
  /** Cash handed back for refunds made during the shift (positive). */
  cashRefunds: number;
  cashIn: number;
  cashOut: number;
};

/** What should be in the drawer: opening float + cash sales − cash refunds + cash in − cash out. */
export function expectedCash(flow: CashFlow): number {
  return flow.openingFloat + flow.cashSales - flow.cashRefunds + flow.cashIn - flow.cashOut;
}

/** Counted minus expected: positive is over (more cash than the system says), negative is short. */
export function cashDifference(expected: number, counted: number): number {
  return counted - expected;
}

export type DifferenceKind = 'over' | 'short' | 'balanced';

export function differenceKind(difference: number): DifferenceKind {
  if (difference > 0) return 'over';
  if (difference < 0) return 'short';
  return 'balanced';
}

/** '₵2.50 over', '₵1.00 short' or 'Balanced', as the close screen and the Z report say it. */
export function describeDifference(difference: number): string {
  const kind = differenceKind(difference);
  if (kind === 'balanced') return 'Balanced';
  return `${formatCedis(Math.abs(difference))} ${kind}`;
}

/** Totals of a cashier's closed shifts over time: how much over and how much short in all. */
export function sumDifferences(differences: readonly number[]): { over: number; short: number } {
  let over = 0;
  let short = 0;
  for (const difference of differences) {
    if (difference > 0) over += difference;
    else short -= difference;
  }
  return { over, short };
}
