import { describe, expect, it } from 'vitest';
import { formatGhanaPhone, networkForPhone, normalizeGhanaPhone } from './ghana-phone.ts';

describe('Ghana mobile numbers', () => {
  it('accepts 0XXXXXXXXX and +233XXXXXXXXX, with spaces or dashes, as +233…', () => {
    expect(normalizeGhanaPhone('0241234567')).toBe('+233241234567');
    expect(normalizeGhanaPhone('+233 24 123 4567')).toBe('+233241234567');
    expect(normalizeGhanaPhone('024-123-4567')).toBe('+233241234567');
  });

  it('refuses anything else', () => {
    for (const bad of [
      '12345',
      '024123456',
      '02412345678',
      '+23324123456',
      '233241234567',
      '0041234567',
      'abc',
    ]) {
      expect(normalizeGhanaPhone(bad)).toBeNull();
    }
  });

  it('tells the network from the prefix where it can', () => {
    expect(networkForPhone('0241234567')).toBe('mtn_momo');
    expect(networkForPhone('0551234567')).toBe('mtn_momo');
    expect(networkForPhone('+233201234567')).toBe('telecel_cash');
    expect(networkForPhone('0501234567')).toBe('telecel_cash');
    expect(networkForPhone('0261234567')).toBe('airteltigo_money');
    expect(networkForPhone('0571234567')).toBe('airteltigo_money');
    expect(networkForPhone('0311234567')).toBeNull();
    expect(networkForPhone('12345')).toBeNull();
  });

  it('writes a number as people do', () => {
    expect(formatGhanaPhone('+233241234567')).toBe('024 123 4567');
  });
});
