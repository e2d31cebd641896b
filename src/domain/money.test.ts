import { describe, expect, it } from 'vitest';
import { formatCedis, parseCedis, pesewasToInput } from './money.ts';

describe('parseCedis', () => {
  it('reads cedis exactly into pesewas', () => {
    expect(parseCedis('12.5')).toBe(1250);
    expect(parseCedis('0.1')).toBe(10);
    expect(parseCedis('0.29')).toBe(29);
    expect(parseCedis('1005')).toBe(100500);
    expect(parseCedis(' 3. ')).toBe(300);
  });
  it('refuses negatives, three decimals and words', () => {
    for (const text of ['-1', '1.234', 'abc', '', '1e3', '1,000']) expect(parseCedis(text), text).toBeNull();
  });
});

describe('formatCedis', () => {
  it('shows the cedi sign and two decimals', () => {
    expect(formatCedis(1250)).toBe('₵12.50');
    expect(formatCedis(5)).toBe('₵0.05');
    expect(formatCedis(123456789)).toBe('₵1,234,567.89');
    expect(formatCedis(-1250)).toBe('-₵12.50');
  });
  it('groups thousands as en-GH does, at every size', () => {
    for (const cedis of [0, 7, 999, 1000, 12_345, 999_999, 1_000_000, 12_345_678, 2_147_483_647]) {
      expect(formatCedis(cedis * 100 + 1)).toBe(`₵${cedis.toLocaleString('en-GH')}.01`);
    }
  });
  it('gives form input text', () => {
    expect(pesewasToInput(1250)).toBe('12.50');
    expect(pesewasToInput(7)).toBe('0.07');
  });
});
