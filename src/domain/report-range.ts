import { addDays, localDay } from './dates.ts';

// The reports' periods (issue 16): whole days in the business's timezone, both ends included, and the period
// of the same length just before, to compare with. Weeks start on Monday (ISO 8601, as Ghana's calendars do).

export const REPORT_PRESETS = [
  'today',
  'yesterday',
  'this_week',
  'this_month',
  'last_month',
  'custom',
] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];

export const REPORT_PRESET_LABELS: Record<ReportPreset, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  this_week: 'This week',
  this_month: 'This month',
  last_month: 'Last month',
  custom: 'Custom',
};

/** A custom period is at most a year and a day (a leap year and the same day a year on). */
export const MAX_REPORT_DAYS = 367;

export type DayRange = { from: string; to: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a string is a real calendar day written YYYY-MM-DD (2026-02-30 is not). */
export function isIsoDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Days from `from` to `to`, both included (1 for a single day). */
export function dayCount({ from, to }: DayRange): number {
  return Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000) + 1;
}

/** The period a preset names at `now`, in the business's timezone. `custom` needs its own days. */
export function presetRange(preset: Exclude<ReportPreset, 'custom'>, now: Date, timezone: string): DayRange {
  const today = localDay(now, timezone);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const yesterday = addDays(today, -1);
      return { from: yesterday, to: yesterday };
    }
    case 'this_week': {
      // getUTCDay: Sunday 0 … Saturday 6; Monday starts the week.
      const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
      return { from: addDays(today, -((weekday + 6) % 7)), to: today };
    }
    case 'this_month':
      return { from: `${today.slice(0, 8)}01`, to: today };
    case 'last_month': {
      const lastDay = addDays(`${today.slice(0, 8)}01`, -1);
      return { from: `${lastDay.slice(0, 8)}01`, to: lastDay };
    }
  }
}

/** The period of the same number of days that ends the day before `range` starts. */
export function previousRange(range: DayRange): DayRange {
  const days = dayCount(range);
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}

/** Why a period cannot be reported on, in words for the person; null when it can. */
export function rangeProblem(range: DayRange): string | null {
  if (!isIsoDay(range.from)) return 'Start date must be a real date (YYYY-MM-DD)';
  if (!isIsoDay(range.to)) return 'End date must be a real date (YYYY-MM-DD)';
  if (range.from > range.to) return 'The start date must be on or before the end date';
  if (dayCount(range) > MAX_REPORT_DAYS) return 'Choose a period of at most a year';
  return null;
}

/**
 * The change from the previous period as a percent with one decimal; null when the previous period had nothing
 * (no percentage of nothing).
 */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) * 1000) / Math.abs(previous)) / 10;
}

/** A one-day period is charted by hour, a longer one by day. */
export function seriesGrain(range: DayRange): 'hour' | 'day' {
  return range.from === range.to ? 'hour' : 'day';
}
