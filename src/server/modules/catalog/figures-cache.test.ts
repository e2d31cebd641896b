import { describe, expect, it } from 'vitest';
import { keptFigures } from './figures-cache.ts';

describe('kept figures', () => {
  it('answers while every product write is older than the xmin they were kept with', () => {
    const kept = keptFigures<number>(10);
    kept.set('shop', 100n, 7);
    expect(kept.get('shop', null)).toBe(7);
    expect(kept.get('shop', 99n)).toBe(7);
  });

  it('drops them once a write carries the xmin or a later transaction id', () => {
    const kept = keptFigures<number>(10);
    kept.set('shop', 100n, 7);
    expect(kept.get('shop', 100n)).toBeUndefined();
    // Dropped, not only refused: an older write seen later cannot bring them back.
    expect(kept.get('shop', 1n)).toBeUndefined();
  });

  it('keeps figures apart by key', () => {
    const kept = keptFigures<number>(10);
    kept.set('shop/all', 100n, 7);
    expect(kept.get('shop/drinks', null)).toBeUndefined();
  });

  it('forgets the least recently used first when full', () => {
    const kept = keptFigures<string>(2);
    kept.set('a', 10n, 'A');
    kept.set('b', 10n, 'B');
    expect(kept.get('a', null)).toBe('A');
    kept.set('c', 10n, 'C');
    expect(kept.get('b', null)).toBeUndefined();
    expect(kept.get('a', null)).toBe('A');
    expect(kept.get('c', null)).toBe('C');
  });
});
