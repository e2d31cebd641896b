import { describe, expect, it } from 'vitest';
import {
  changePercent,
  dayCount,
  isIsoDay,
  presetRange,
  previousRange,
  rangeProblem,
} from './report-range.ts';

describe('report periods', () => {
  // Tuesday 24 Nov 2026, 02:30 UTC: still Monday 23 Nov in New York, already the 24th in Accra and Tokyo.
  const now = new Date('2026-11-24T02:30:00Z');

  it('reads today and yesterday in the business timezone', () => {
    expect(presetRange('today', now, 'Africa/Accra')).toEqual({ from: '2026-11-24', to: '2026-11-24' });
    expect(presetRange('today', now, 'America/New_York')).toEqual({ from: '2026-11-23', to: '2026-11-23' });
    expect(presetRange('yesterday', now, 'Asia/Tokyo')).toEqual({ from: '2026-11-23', to: '2026-11-23' });
  });

  it('starts the week on Monday and the months on the first', () => {
    expect(presetRange('this_week', now, 'Africa/Accra')).toEqual({ from: '2026-11-23', to: '2026-11-24' });
    // Sunday 22 Nov in New York? No: Monday 23rd there, so the week is that one day.
    expect(presetRange('this_week', now, 'America/New_York')).toEqual({
      from: '2026-11-23',
      to: '2026-11-23',
    });
    expect(presetRange('this_week', new Date('2026-11-22T12:00:00Z'), 'Africa/Accra')).toEqual({
      from: '2026-11-16',
      to: '2026-11-22',
    });
    expect(presetRange('this_month', now, 'Africa/Accra')).toEqual({ from: '2026-11-01', to: '2026-11-24' });
    expect(presetRange('last_month', now, 'Africa/Accra')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(presetRange('last_month', new Date('2026-03-10T12:00:00Z'), 'Africa/Accra')).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(presetRange('last_month', new Date('2026-01-10T12:00:00Z'), 'Africa/Accra')).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
  });

  it('compares with the period of the same length just before', () => {
    expect(previousRange({ from: '2026-11-24', to: '2026-11-24' })).toEqual({
      from: '2026-11-23',
      to: '2026-11-23',
    });
    expect(previousRange({ from: '2026-11-01', to: '2026-11-24' })).toEqual({
      from: '2026-10-08',
      to: '2026-10-31',
    });
    expect(dayCount({ from: '2026-03-01', to: '2026-03-31' })).toBe(31);
  });

  it('refuses impossible periods with a message', () => {
    expect(isIsoDay('2026-02-30')).toBe(false);
    expect(rangeProblem({ from: '2026-02-30', to: '2026-03-01' })).toBe(
      'Start date must be a real date (YYYY-MM-DD)',
    );
    expect(rangeProblem({ from: '2026-03-02', to: '2026-03-01' })).toBe(
      'The start date must be on or before the end date',
    );
    expect(rangeProblem({ from: '2024-01-01', to: '2026-01-01' })).toBe('Choose a period of at most a year');
    expect(rangeProblem({ from: '2026-01-01', to: '2026-12-31' })).toBeNull();
  });

  it('gives the change in percent, none from nothing', () => {
    expect(changePercent(150, 100)).toBe(50);
    expect(changePercent(50, 200)).toBe(-75);
    expect(changePercent(10, 0)).toBeNull();
  });
});
