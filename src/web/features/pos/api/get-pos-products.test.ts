import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TILL_FIRST_PRODUCTS_PATH } from '#domain/early-reads.ts';
import type { PosProductsResponse } from '#domain/schemas/sales.ts';
import { applyCatalog, EARLY_READ_ROWS } from '#web/lib/offline/catalog.ts';
import { fakeApi } from '#web/testing/fake-api.ts';
import { syncProductFixture } from '#web/testing/fixtures.ts';
import { POS_PAGE_SIZE, posProductsPath, posProductsQuery } from './get-pos-products.ts';

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

const page = (length: number, has_more: boolean): PosProductsResponse =>
  ({ products: Array.from({ length }, (_, index) => ({ id: String(index) })), has_more }) as never;

/** The offset the grid asks for next after `pages`, or undefined when it has them all. */
function nextOffset(pages: PosProductsResponse[]): number | undefined {
  const { getNextPageParam } = posProductsQuery('shop', { search: '', categoryId: null });
  return getNextPageParam(pages.at(-1)!, pages, 0, []) as number | undefined;
}

describe('the till grid’s next page', () => {
  it('starts after the products loaded, for as long as the last page says more follow', () => {
    expect(nextOffset([page(POS_PAGE_SIZE, true)])).toBe(POS_PAGE_SIZE);
    expect(nextOffset([page(POS_PAGE_SIZE, true), page(POS_PAGE_SIZE, true)])).toBe(2 * POS_PAGE_SIZE);
    expect(nextOffset([page(POS_PAGE_SIZE, true), page(POS_PAGE_SIZE, false)])).toBeUndefined();
  });
});

describe('the till grid’s pages', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('come from the server while the local copy must be read whole to answer them, as the till opens', async () => {
    const slug = 'pos-products-meanwhile-test';
    const products = Array.from({ length: EARLY_READ_ROWS + 10 }, (_, i) =>
      syncProductFixture(i + 1, `Item ${i}`),
    );
    await applyCatalog(slug, { cursor: '1', full: true, products, categories: [], customers: [] });
    const server = fakeApi({
      'GET /api/v1/pos/products': () => ({
        products: [{ id: 'zobo', name: 'Zobo drink 1L' }],
        has_more: false,
      }),
    });
    const { queryFn } = posProductsQuery(slug, { search: 'zobo', categoryId: null });
    const answer = await queryFn!({ pageParam: 0, signal: new AbortController().signal } as never);
    expect(answer.products.map((product) => product.name)).toEqual(['Zobo drink 1L']);
    expect(server.calls.map(({ url }) => `${url.pathname}${url.search}`)).toContain(
      '/api/v1/pos/products?limit=60&offset=0&search=zobo',
    );
  });
});
