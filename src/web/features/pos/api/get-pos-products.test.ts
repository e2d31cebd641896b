import { describe, expect, it } from 'vitest';
import { TILL_FIRST_PRODUCTS_PATH } from '#domain/early-reads.ts';
import { posProductsPath } from './get-pos-products.ts';

describe('posProductsPath', () => {
  it("asks for the till's first page at the very address the page reads early", () => {
    expect(posProductsPath({ search: '', categoryId: null }, 0)).toBe(TILL_FIRST_PRODUCTS_PATH);
  });

  it('adds the search and the category', () => {
    expect(posProductsPath({ search: ' milo ', categoryId: 'c1' }, 60)).toBe(
      '/api/v1/pos/products?limit=60&offset=60&search=milo&category_id=c1',
    );
  });
});
