import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InterfaceVersionProvider } from '#web/lib/interface-version.tsx';
import { errorResponse, type FakeHandler, fakeApi } from '#web/testing/fake-api.ts';
import { meFixture, posProductFixture, TEST_BUSINESS } from '#web/testing/fixtures.ts';
import { renderPage } from '#web/testing/render.tsx';
import PosPage from '../index.tsx';
import { cartStorageKey } from '../lib/cart-storage.ts';

const water = posProductFixture({
  id: '1c7a8b9c-5b2d-4f64-8e1b-2a3b4c5d6e7f',
  name: 'Voltic Mineral Water 1.5L',
  price: 600,
  tax_rate: 0,
  stock_quantity: 96,
  barcode: '6031000000015',
  sku: 'VOLTICMI-0001',
  category: { id: '9e8d7c6b-5a49-4382-9170-6f5e4d3c2b1a', name: 'Beverages' },
});

const TILL_ID = '6f1f3c1e-2a4b-4c5d-8e9f-0a1b2c3d4e5f';

beforeEach(() => {
  localStorage.removeItem(cartStorageKey(TEST_BUSINESS.slug));
  localStorage.setItem(`pos-till-id:${TEST_BUSINESS.slug}`, TILL_ID);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/**
 * Answers the till's reads; `products` decides what the grid request gets, `role` who is signed in (an owner,
 * who may add products, unless told).
 */
function stubApi(products: FakeHandler, role: 'owner' | 'cashier' = 'owner', features?: string[]) {
  const me = meFixture(role);
  if (features) me.business.pos_features = features;
  return fakeApi({
    'GET /api/v1/session': () => ({ me }),
    'GET /api/v1/pos/products': products,
    [`GET /api/v1/pos/products/by-code/${water.barcode}`]: () => ({ product: water }),
    'GET /api/v1/pos/categories': () => ({ categories: [] }),
    'GET /api/v1/parked-carts': () => ({ parked_carts: [] }),
    [`GET /api/v1/tills/${TILL_ID}/display-pairings`]: () => ({ pending: null, displays: [] }),
  });
}

function renderTill() {
  return renderPage(
    <InterfaceVersionProvider>
      <PosPage />
      <Toaster />
    </InterfaceVersionProvider>,
    '/app/pos',
  );
}

/** Keys as a USB scanner sends them: one after another with no pause, then Enter. */
function scan(code: string, target: Element = document.body) {
  for (const key of code) fireEvent.keyDown(target, { key });
  fireEvent.keyDown(target, { key: 'Enter' });
}

describe('till page (operations §2 Point-of-sale screen)', () => {
  it('builds the side cart panel only where it shows (1024 px and wider)', async () => {
    stubApi(() => ({ products: [water], has_more: false }));
    const narrow = (matches: boolean) =>
      vi.stubGlobal(
        'matchMedia',
        (query: string) =>
          ({
            matches,
            media: query,
            addEventListener() {},
            removeEventListener() {},
          }) as unknown as MediaQueryList,
      );
    narrow(true);
    renderTill();
    await screen.findByRole('button', { name: /^Add Voltic/ });
    expect(screen.getByRole('complementary', { name: 'Cart panel' }).childElementCount).toBe(0);
    cleanup();
    narrow(false);
    renderTill();
    await screen.findByRole('button', { name: /^Add Voltic/ });
    expect(screen.getByRole('complementary', { name: 'Cart panel' }).childElementCount).toBeGreaterThan(0);
  });

  it('shows 10 skeleton cards while the products load', () => {
    stubApi(() => new Promise<Response>(() => undefined));
    renderTill();
    expect(screen.getAllByTestId('product-skeleton')).toHaveLength(10);
  });

  it('offers the camera scanner, the customer display and customers only with their POS features', async () => {
    stubApi(() => ({ products: [water], has_more: false }));
    renderTill();
    await screen.findByRole('button', { name: /^Add Voltic/ });
    expect(screen.getByRole('button', { name: 'Scan' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open customer display' })).toBeTruthy();
    expect(screen.getByText('Walk-in customer')).toBeTruthy();
    cleanup();

    stubApi(() => ({ products: [water], has_more: false }), 'owner', ['inventory_management']);
    renderTill();
    await screen.findByRole('button', { name: /^Add Voltic/ });
    expect(screen.queryByRole('button', { name: 'Scan' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open customer display' })).toBeNull();
    expect(screen.queryByText('Walk-in customer')).toBeNull();
  });

  it('says "No products found" when nothing matches', async () => {
    stubApi(() => ({ products: [], has_more: false }));
    renderTill();
    expect(await screen.findByText('No products found')).toBeTruthy();
  });

  it('shows the load error with a way to try again', async () => {
    const api = stubApi(() => errorResponse(500, 'INTERNAL', 'Database unavailable'));
    renderTill();
    expect(await screen.findByText('Error Loading Products')).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
    const before = api.callsTo('GET /api/v1/pos/products').length;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api.callsTo('GET /api/v1/pos/products').length).toBe(before + 1));
  });

  it('adds a product from a wedge scan typed into the search box, and takes the digits back out', async () => {
    stubApi(() => ({ products: [water], has_more: false }));
    renderTill();
    const search = (await screen.findByRole('searchbox', {
      name: 'Search products by name, barcode or SKU',
    })) as HTMLInputElement;
    search.focus();
    fireEvent.change(search, { target: { value: water.barcode } });
    scan(water.barcode!, search);
    const cart = await screen.findByRole('list', { name: 'Cart items' });
    expect(within(cart).getByRole('listitem', { name: water.name })).toBeTruthy();
    expect(search.value).toBe('');
  });

  it('a scanned code that is no product toasts "Product not found" and opens quick-add with it', async () => {
    const api = stubApi(() => ({ products: [water], has_more: false }));
    api.on('GET /api/v1/pos/products/by-code/6039999999994', () =>
      errorResponse(404, 'PRODUCT_NOT_FOUND', 'Product not found'),
    );
    renderTill();
    await screen.findByRole('button', { name: /^Add Voltic/ });
    scan('6039999999994');
    expect(await screen.findByText('Product not found')).toBeTruthy();
    const dialog = await screen.findByRole('dialog', { name: 'Quick add product' });
    expect((within(dialog).getByLabelText('Barcode') as HTMLInputElement).value).toBe('6039999999994');
  });

  it('a refused quick-add says the action was refused, not "this page"', async () => {
    const api = stubApi(() => ({ products: [water], has_more: false }));
    api.on('GET /api/v1/pos/products/by-code/6039999999994', () =>
      errorResponse(404, 'PRODUCT_NOT_FOUND', 'Product not found'),
    );
    // The permission was taken away since the page loaded: the server refuses in its page wording.
    api.on('POST /api/v1/products', () =>
      errorResponse(403, 'FORBIDDEN', "You don't have the required permissions to access this page."),
    );
    renderTill();
    await screen.findByRole('button', { name: /^Add Voltic/ });
    scan('6039999999994');
    const dialog = await screen.findByRole('dialog', { name: 'Quick add product' });
    fireEvent.change(within(dialog).getByLabelText('Product name'), { target: { value: 'Bel-Aqua 500ml' } });
    fireEvent.change(within(dialog).getByLabelText('Selling price (₵)'), { target: { value: '3.50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add product' }));
    expect(await screen.findByText('Error Adding Product')).toBeTruthy();
    expect(screen.getByText("You don't have permission to add products.")).toBeTruthy();
    expect(screen.queryByText(/access this page/)).toBeNull();
  });

  it('a cashier who may not add products is told to ask a manager, and offered no quick-add form', async () => {
    const api = stubApi(() => ({ products: [water], has_more: false }), 'cashier');
    api.on('GET /api/v1/pos/products/by-code/6039999999994', () =>
      errorResponse(404, 'PRODUCT_NOT_FOUND', 'Product not found'),
    );
    renderTill();
    await screen.findByRole('button', { name: /^Add Voltic/ });
    scan('6039999999994');
    expect((await screen.findAllByText('Product not found')).length).toBeGreaterThan(0);
    expect(
      await screen.findByText('No product has the code 6039999999994. Ask a manager to add this product.'),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Quick add product' })).toBeNull();
  });

  it("resumes a parked sale against its own products as they are now, read alone whatever the catalog's size", async () => {
    const parked = {
      id: '3d2c1b0a-9f8e-4d7c-a6b5-4c3d2e1f0a9b',
      note: 'Kofi — gone to fetch MoMo',
      cart: {
        items: [
          {
            product_id: water.id,
            name: water.name,
            unit_price: 500,
            tax_rate: 0,
            quantity: 2,
            discount_amount: 0,
          },
        ],
        discount_amount: 0,
        customer: null,
      },
      item_count: 2,
      total_amount: 1000,
      parked_by: { id: '0a9b8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d', name: 'Ama Darko' },
      created_at: new Date().toISOString(),
    };
    const api = stubApi((request) =>
      request.url.searchParams.get('ids') === null
        ? { products: [water], has_more: false }
        : {
            products: [water].filter((p) => request.url.searchParams.get('ids')?.split(',').includes(p.id)),
            total: 1,
          },
    );
    api.on('GET /api/v1/parked-carts', () => ({ parked_carts: [parked] }));
    api.on(`DELETE /api/v1/parked-carts/${parked.id}`, () => ({ parked_cart: parked }));
    renderTill();
    fireEvent.click(await screen.findByRole('button', { name: /Parked sales \(1\)/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Resume Kofi — gone to fetch MoMo' }));
    expect(await screen.findByText('Parked sale changed')).toBeTruthy();
    expect(screen.getByText(/price changed from ₵5\.00 to ₵6\.00/)).toBeTruthy();
    const cart = await screen.findByRole('list', { name: 'Cart items' });
    expect(within(cart).getByRole('listitem', { name: water.name })).toBeTruthy();
    const reads = api.callsTo('GET /api/v1/pos/products').map((call) => call.url.searchParams);
    const resumed = reads.filter((params) => params.has('ids'));
    expect(resumed.map((params) => [params.get('ids'), params.get('limit')])).toEqual([[water.id, '1']]);
    // Not the whole catalog, page by page.
    expect(reads.filter((params) => params.get('limit') === '500')).toEqual([]);
  });

  it('Ctrl+F focuses search; Ctrl+Enter opens checkout, or says the cart is empty', async () => {
    stubApi(() => ({ products: [water], has_more: false }));
    renderTill();
    const add = await screen.findByRole('button', { name: /^Add Voltic/ });
    fireEvent.keyDown(document.body, { key: 'f', ctrlKey: true });
    expect(document.activeElement).toBe(
      screen.getByRole('searchbox', { name: 'Search products by name, barcode or SKU' }),
    );

    fireEvent.keyDown(document.body, { key: 'Enter', ctrlKey: true });
    expect(await screen.findByText('Cart is empty', { selector: '[data-title]' })).toBeTruthy();

    fireEvent.click(add);
    fireEvent.keyDown(document.body, { key: 'Enter', metaKey: true });
    expect(await screen.findByRole('dialog', { name: 'Payment' })).toBeTruthy();
  });

  it('Ctrl+Escape clears the cart with an undo', async () => {
    stubApi(() => ({ products: [water], has_more: false }));
    renderTill();
    fireEvent.click(await screen.findByRole('button', { name: /^Add Voltic/ }));
    fireEvent.keyDown(document.body, { key: 'Escape', ctrlKey: true });
    expect(await screen.findByText('Cart cleared')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Cart items' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('list', { name: 'Cart items' })).toBeTruthy();
  });
});
