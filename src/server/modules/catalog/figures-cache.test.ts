import { describe, expect, it } from 'vitest';
import { keptFigures } from './figures-cache.ts';

const at = (xmin: bigint, figures: number) => ({ figures, snapshot: `${xmin}:${xmin}:`, xmin });
const none = { product: null, stock: null };

describe('kept figures', () => {
  it('answer as they are while every write is older than the xmin they were kept with', () => {
    const kept = keptFigures<number>(10);
    kept.set('shop', at(100n, 7));
    expect(kept.get('shop', none)).toEqual({ kept: at(100n, 7), stockMoved: false });
    expect(kept.get('shop', { product: 99n, stock: 99n })).toEqual({ kept: at(100n, 7), stockMoved: false });
  });

  it('are brought up to date when only stock moved since', () => {
    const kept = keptFigures<number>(10);
    kept.set('shop', at(100n, 7));
    expect(kept.get('shop', { product: 99n, stock: 100n })).toEqual({ kept: at(100n, 7), stockMoved: true });
  });

  it('are dropped once a product write carries the xmin or a later transaction id', () => {
    const kept = keptFigures<number>(10);
    kept.set('shop', at(100n, 7));
    expect(kept.get('shop', { product: 100n, stock: null })).toBeUndefined();
    // Dropped, not only refused: an older write seen later cannot bring them back.
    expect(kept.get('shop', { product: 1n, stock: null })).toBeUndefined();
  });

  it('are kept apart by key', () => {
    const kept = keptFigures<number>(10);
    kept.set('shop/all', at(100n, 7));
    expect(kept.get('shop/drinks', none)).toBeUndefined();
  });

  it('forget the least recently used first when full', () => {
    const kept = keptFigures<string>(2);
    kept.set('a', { figures: 'A', snapshot: '10:10:', xmin: 10n });
    kept.set('b', { figures: 'B', snapshot: '10:10:', xmin: 10n });
    expect(kept.get('a', none)?.kept.figures).toBe('A');
    kept.set('c', { figures: 'C', snapshot: '10:10:', xmin: 10n });
    expect(kept.get('b', none)).toBeUndefined();
    expect(kept.get('a', none)?.kept.figures).toBe('A');
    expect(kept.get('c', none)?.kept.figures).toBe('C');
  });
});
