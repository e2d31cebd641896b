// The page the till-local-copy bench loads: the till's own local-copy functions, bundled as the till bundles them,
// and a catalog written into the page's IndexedDB the way a full sync writes it.
import type { SyncProduct } from '#domain/schemas/sync.ts';
import { applyCatalog, localPosProducts, localProductByCode } from '#web/lib/offline/catalog.ts';
import { WORDS } from '../catalog-words.ts';

const categoryId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Product g of the catalog bench's seed (names like "Milk Tomato 4711", a description, barcode, SKU). */
function product(g: number): SyncProduct {
  return {
    id: `10000000-0000-4000-8000-${String(g).padStart(12, '0')}`,
    name: `${WORDS[g % 20]} ${WORDS[Math.floor(g / 20) % 20]} ${g}`,
    description: `Pack of ${1 + (g % 12)} — ${WORDS[Math.floor(g / 7) % 20]} flavour`,
    price: 100 + ((g * 37) % 20000),
    tax_rate: 0,
    stock_quantity: g % 60,
    min_stock_level: 5,
    barcode: `603${String(g).padStart(9, '0')}${g % 10}`,
    sku: `SKU-${String(g).padStart(7, '0')}`,
    image_url: null,
    category: { id: categoryId(1 + (g % 20)), name: `Category ${1 + (g % 20)}` },
    category_id: categoryId(1 + (g % 20)),
    is_active: true,
  };
}

declare global {
  interface Window {
    tillCatalog: typeof tillCatalog;
  }
}

const tillCatalog = {
  /** A full sync's answer of `count` products, written as the till writes it; ms. */
  async seed(slug: string, count: number): Promise<number> {
    const products = Array.from({ length: count }, (_, i) => product(i + 1));
    const categories = Array.from({ length: 20 }, (_, i) => ({
      id: categoryId(i + 1),
      name: `Category ${i + 1}`,
      sort_order: i + 1,
      is_active: true,
    }));
    const started = performance.now();
    await applyCatalog(slug, { cursor: '1', full: true, products, categories, customers: [] });
    return performance.now() - started;
  },
  /** One page of the till's grid from the copy; ms and what it found. */
  async grid(slug: string, search: string, category: string | null, offset: number) {
    const started = performance.now();
    const page = await localPosProducts(slug, { search, categoryId: category }, offset, 60);
    return { ms: performance.now() - started, found: page.products.length, first: page.products[0]?.name };
  },
  /** A sale's stock coming back: a sync that changed 3 products' stock, then the grid read again; ms. */
  async afterSale(slug: string, sale: number) {
    const started = performance.now();
    const sold = [1, 2, 3].map((k) => {
      const changed = product(1 + ((sale * 3 + k) % 1000));
      return { ...changed, stock_quantity: 1 + (sale % 50) };
    });
    await applyCatalog(slug, {
      cursor: String(2 + sale),
      full: false,
      products: sold,
      categories: [],
      customers: [],
    });
    const page = await localPosProducts(slug, { search: '', categoryId: null }, 0, 60);
    return { ms: performance.now() - started, found: page.products.length, first: page.products[0]?.name };
  },
  /** A scanned code from the copy; ms and the product's name. */
  async code(slug: string, code: string) {
    const started = performance.now();
    const product = await localProductByCode(slug, code);
    return { ms: performance.now() - started, found: product ? 1 : 0, first: product?.name };
  },
};

window.tillCatalog = tillCatalog;
