import { describe, expect, it } from 'vitest';
import { ageText, unsentText } from './connection-status.tsx';

describe('the till’s connection status text', () => {
  const now = new Date('2026-11-24T10:00:00Z').getTime();
  it('counts the unsent sales and says how old the oldest is', () => {
    expect(unsentText(3, new Date('2026-11-24T09:48:00Z'), now)).toBe('3 sales not yet sent · oldest 12 min');
    expect(unsentText(1, new Date('2026-11-24T09:59:40Z'), now)).toBe(
      '1 sale not yet sent · oldest just now',
    );
    expect(unsentText(0, null, now)).toBe('All sales sent');
  });
  it('gives long waits in hours and days', () => {
    expect(ageText(new Date('2026-11-24T07:30:00Z'), now)).toBe('2 h 30 min');
    expect(ageText(new Date('2026-11-21T10:00:00Z'), now)).toBe('3 d');
  });
});
