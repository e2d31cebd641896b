import { describe, expect, it } from 'vitest';
import { quickRange, readFilters } from './filters.ts';

describe('the history filters in the address', () => {
  it('keeps the valid ones and leaves out what the server would refuse', () => {
    const params = new URLSearchParams(
      'search=RCP&payment_method=cash&payment_status=lost&date_from=2026-11-01&date_to=tomorrow',
    );
    expect(readFilters(params)).toEqual({ search: 'RCP', payment_method: 'cash', date_from: '2026-11-01' });
  });

  it('gives quick ranges in the business timezone, weeks from Monday', () => {
    // 23:30 UTC on Sunday 22 Nov is already Monday 23 Nov in Lagos (UTC+1), still Sunday in Accra.
    const now = new Date('2026-11-22T23:30:00Z');
    expect(quickRange('Today', now, 'Africa/Accra')).toEqual({ from: '2026-11-22', to: '2026-11-22' });
    expect(quickRange('Today', now, 'Africa/Lagos')).toEqual({ from: '2026-11-23', to: '2026-11-23' });
    expect(quickRange('Yesterday', now, 'Africa/Accra')).toEqual({ from: '2026-11-21', to: '2026-11-21' });
    expect(quickRange('This week', now, 'Africa/Accra')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(quickRange('This week', now, 'Africa/Lagos')).toEqual({ from: '2026-11-23', to: '2026-11-23' });
    expect(quickRange('This month', now, 'Africa/Accra')).toEqual({ from: '2026-11-01', to: '2026-11-22' });
  });
});
