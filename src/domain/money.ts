// Money is integer pesewas everywhere; cedis appear only when text is shown or typed (ARCHITECTURE "Money").

const CEDIS_PATTERN = /^\s*(\d{1,9})(?:\.(\d{0,2}))?\s*$/;

/** '12.5' → 1250. Exact (no floating point); null for anything that is not a non-negative amount. */
export function parseCedis(text: string): number | null {
  const match = CEDIS_PATTERN.exec(text);
  if (!match) return null;
  const fraction = (match[2] ?? '').padEnd(2, '0');
  return Number(match[1]) * 100 + Number(fraction);
}

// Thousands grouped by commas, as en-GH writes them. Written out rather than through Intl: building the
// locale's formatter cost a slow phone about 0.1 s of the till's first paint (a price on every product card).
const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

/** 1250 → '₵12.50'; negative amounts (refunds) as '-₵12.50'. */
export function formatCedis(pesewas: number): string {
  const sign = pesewas < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(pesewas));
  const cedis = String(Math.floor(abs / 100)).replace(THOUSANDS, ',');
  return `${sign}₵${cedis}.${String(abs % 100).padStart(2, '0')}`;
}

/** 1250 → '12.50', for form inputs. */
export function pesewasToInput(pesewas: number): string {
  const abs = Math.abs(pesewas);
  return `${pesewas < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
