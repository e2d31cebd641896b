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
  it('gives form input text', () => {
    expect(pesewasToInput(1250)).toBe('12.50');
    expect(pesewasToInput(7)).toBe('0.07');
  });
});
