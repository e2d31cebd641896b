import { formatDate } from '#domain/dates.ts';
import type { DayRange } from '#domain/report-range.ts';

/** 'Nov 24, 2026' for one day, 'Nov 1, 2026 – Nov 24, 2026' for more. Days are already the business's. */
export function formatPeriod(range: DayRange): string {
  const day = (value: string) => formatDate(`${value}T12:00:00Z`, 'UTC');
  return range.from === range.to ? day(range.from) : `${day(range.from)} – ${day(range.to)}`;
}
