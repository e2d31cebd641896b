import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMEZONE, formatDate, formatDateTime, formatTime } from './dates.ts';

describe('dates in the business timezone', () => {
  it('writes month day, year, hours:minutes on a 24-hour clock (operations §2)', () => {
    expect(formatDateTime('2026-11-22T22:20:05Z', 'Africa/Accra')).toBe('Nov 22, 2026, 22:20');
    expect(formatDateTime('2026-11-22T22:20:05Z', 'Africa/Accra', { seconds: true })).toBe(
      'Nov 22, 2026, 22:20:05',
    );
    expect(formatTime('2026-11-22T09:05:00Z', 'Africa/Accra')).toBe('09:05');
    expect(formatDate('2026-11-22T09:05:00Z', 'Africa/Accra')).toBe('Nov 22, 2026');
  });

  it('shows midnight in Accra as 00:00 of the new day, not 24:00 of the old one', () => {
    expect(formatDateTime('2026-12-31T23:59:59Z', 'Africa/Accra', { seconds: true })).toBe(
      'Dec 31, 2026, 23:59:59',
    );
    expect(formatDateTime('2027-01-01T00:00:00Z', 'Africa/Accra')).toBe('Jan 1, 2027, 00:00');
    expect(formatDate('2027-01-01T00:00:00Z', 'Africa/Accra')).toBe('Jan 1, 2027');
  });

  it('moves the day with the business timezone, whatever the device clock says', () => {
    // 23:30 UTC is already the next day in Lagos (UTC+1) and still the same day in Accra (UTC+0).
    const at = '2026-11-22T23:30:00Z';
    expect(formatDateTime(at, 'Africa/Accra')).toBe('Nov 22, 2026, 23:30');
    expect(formatDateTime(at, 'Africa/Lagos')).toBe('Nov 23, 2026, 00:30');
    expect(formatDate(at, 'Africa/Lagos')).toBe('Nov 23, 2026');
    expect(formatTime(at, 'America/New_York')).toBe('18:30');
  });

  it('uses Africa/Accra when the timezone is missing or unknown', () => {
    expect(DEFAULT_TIMEZONE).toBe('Africa/Accra');
    const at = new Date('2026-03-01T14:05:00Z');
    expect(formatDateTime(at)).toBe('Mar 1, 2026, 14:05');
    expect(formatDateTime(at, null)).toBe('Mar 1, 2026, 14:05');
    expect(formatDateTime(at, 'Mars/Olympus')).toBe('Mar 1, 2026, 14:05');
  });
});
