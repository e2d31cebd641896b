import { describe, expect, it } from 'vitest';
import { compareText } from './text-order.ts';

describe('compareText', () => {
  it('orders names as the server database does: by code point, capitals first, accents after z', () => {
    // The order both PostgreSQL (C collation) and PGlite give `ORDER BY name` for these names.
    expect(['zebra', 'Été', 'apple', 'Banana', 'Milo 400g Tin', 'Milo 1kg'].sort(compareText)).toEqual([
      'Banana',
      'Milo 1kg',
      'Milo 400g Tin',
      'apple',
      'zebra',
      'Été',
    ]);
  });

  it('says equal names are equal', () => {
    expect(compareText('Voltic 1.5L', 'Voltic 1.5L')).toBe(0);
  });
});
