// Tax rates are percentages with at most two decimals (numeric(5,2) in the database): 12.5 means 12.5 %.

const TAX_RATE_PATTERN = /^\s*(\d{1,3})(?:\.(\d{0,2}))?\s*%?\s*$/;

/**
 * A rate as exact basis points: '12.50', '12.5 %' and 12.5 → 1250. Read from text digit by digit, so no
 * floating point touches it; null for anything that is not 0–100 with at most two decimals.
 */
export function taxRateBasisPoints(rate: number | string): number | null {
  // toString gives the shortest text that reads back as the same double: 12.5 → '12.5', 0.1 → '0.1'.
  const text = typeof rate === 'number' ? (Number.isFinite(rate) ? rate.toString() : '') : rate;
  const match = TAX_RATE_PATTERN.exec(text);
  if (!match) return null;
  const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return basisPoints > 10_000 ? null : basisPoints;
}

/** '12.5' → 12.5, '0' → 0; null for text that is not a rate from 0 to 100 with up to two decimals. */
export function parseTaxRate(text: string): number | null {
  const basisPoints = taxRateBasisPoints(text);
  return basisPoints === null ? null : basisPoints / 100;
}

/** Whether a number is a rate from 0 to 100 with at most two decimals. */
export function isValidTaxRate(rate: number): boolean {
  return taxRateBasisPoints(rate) !== null;
}

/** The database's numeric text ('12.50') as the API's number (12.5). */
export function taxRateFromDatabase(value: string): number {
  return Math.round(Number(value) * 100) / 100;
}

/** 12.5 → '12.5', 0 → '0': how a rate is typed into a form or written to a CSV file. */
export function formatTaxRate(rate: number): string {
  return String(Math.round(rate * 100) / 100);
}
