// Tax rates are percentages with at most two decimals (numeric(5,2) in the database): 12.5 means 12.5 %.

const TAX_RATE_PATTERN = /^\s*(\d{1,3})(?:\.(\d{1,2}))?\s*%?\s*$/;

/** '12.5' → 12.5, '0' → 0; null for text that is not a rate from 0 to 100 with up to two decimals. */
export function parseTaxRate(text: string): number | null {
  const match = TAX_RATE_PATTERN.exec(text);
  if (!match) return null;
  const hundredths = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (hundredths > 10_000) return null;
  return hundredths / 100;
}

/** Whether a number is a rate from 0 to 100 with at most two decimals. */
export function isValidTaxRate(rate: number): boolean {
  if (!Number.isFinite(rate) || rate < 0 || rate > 100) return false;
  return Math.abs(Math.round(rate * 100) - rate * 100) < 1e-6;
}

/** The database's numeric text ('12.50') as the API's number (12.5). */
export function taxRateFromDatabase(value: string): number {
  return Math.round(Number(value) * 100) / 100;
}

/** 12.5 → '12.5', 0 → '0': how a rate is typed into a form or written to a CSV file. */
export function formatTaxRate(rate: number): string {
  return String(Math.round(rate * 100) / 100);
}
