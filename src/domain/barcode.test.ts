import { describe, expect, it } from 'vitest';
import { ean13CheckDigit, isValidEan13 } from './barcode.ts';

describe('EAN-13', () => {
  it('computes the GS1 check digit', () => {
    expect(ean13CheckDigit('400638133393')).toBe(1);
    expect(ean13CheckDigit('603100000001')).toBe(5);
  });
  it('validates whole codes', () => {
    expect(isValidEan13('4006381333931')).toBe(true);
    expect(isValidEan13('4006381333932')).toBe(false);
    expect(isValidEan13('400638133393')).toBe(false);
  });
});
