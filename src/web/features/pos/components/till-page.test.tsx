import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY } from '#domain/cart.ts';
import type { PosProduct } from '#domain/schemas/sales.ts';
import { jsonResponse, renderPage } from '#web/testing/render.tsx';
import PosPage from '../index.tsx';

const water: PosProduct = {
  id: '1c7a8b9c-5b2d-4f64-8e1b-2a3b4c5d6e7f',
  name: 'Voltic Mineral Water 1.5L',
  description: null,
  price: 600,
  tax_rate: 0,
  stock_quantity: 96,
  min_stock_level: 5,
  barcode: '6031000000015',
  sku: 'VOLTICMI-0001',
  image_url: null,
  category: { id: '9e8d7c6b-5a49-4382-9170-6f5e4d3c2b1a', name: 'Beverages' },
};

beforeEach(() => localStorage.removeItem(CART_STORAGE_KEY));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Answers the till's reads; `products` decides what the grid request gets. */
function stubApi(products: () => Promise<Response>) {
  const fetchMock = vi.fn((path: string) => {
    if (path.startsWith('/api/v1/pos/products/by-code/')) {
      const code = decodeURIComponent(path.split('/').pop() ?? '');
      return Promise.resolve(
        code === water.barcode
          ? jsonResponse(200, { product: water })
          : jsonResponse(404, { error: { code: 'PRODUCT_NOT_FOUND', message: 'Product not found' } }),
      );
    }
    if (path.startsWith('/api/v1/pos/products')) return products();
    if (path.startsWith('/api/v1/pos/categories'))
      return Promise.resolve(jsonResponse(200, { categories: [] }));
    if (path.startsWith('/api/v1/parked-carts'))
      return Promise.resolve(jsonResponse(200, { parked_carts: [] }));
    return Promise.resolve(jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderTill() {
  return renderPage(
    <>
      <PosPage />
      <Toaster />
    </>,
    '/app/pos',
  );
}

/** Keys as a USB scanner sends them: one after another with no pause, then Enter. */
function scan(code: string, target: Element = document.body) {
  for (const key of code) fireEvent.keyDown(target, { key });
  fireEvent.keyDown(target, { key: 'Enter' });
}

describe('till page (operations §2 Point-of-sale screen)', () => {
  it('shows 10 skeleton cards while the products load', () => {
    stubApi(() => new Promise(() => undefined));
    renderTill();
    expect(screen.getAllByTestId('product-skeleton')).toHaveLength(10);
  });

  it('says "No products found" when nothing matches', async () => {
    stubApi(() => Promise.resolve(jsonResponse(200, { products: [], total: 0 })));
    renderTill();
    expect(await screen.findByText('No products found')).toBeTruthy();
  });

  it('shows the load error with a way to try again', async () => {
    const fetchMock = stubApi(() =>
      Promise.resolve(jsonResponse(500, { error: { code: 'INTERNAL', message: 'Database unavailable' } })),
    );
    renderTill();
    expect(await screen.findByText('Error Loading Products')).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
    fetchMock.mockClear();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        expect.stringMatching(/^\/api\/v1\/pos\/products\?/),
        expect.anything(),
      ),
    );
  });

  it('adds a product from a wedge scan typed into the search box, and takes the digits back out', async () => {
    stubApi(() => Promise.resolve(jsonResponse(200, { products: [water], total: 1 })));
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
    stubApi(() => Promise.resolve(jsonResponse(200, { products: [water], total: 1 })));
    renderTill();
    await screen.findByRole('button', { name: /^Add Voltic/ });
    scan('6039999999994');
    expect(await screen.findByText('Product not found')).toBeTruthy();
    const dialog = await screen.findByRole('dialog', { name: 'Quick add product' });
    expect((within(dialog).getByLabelText('Barcode') as HTMLInputElement).value).toBe('6039999999994');
  });

  it('Ctrl+F focuses search; Ctrl+Enter opens checkout, or says the cart is empty', async () => {
    stubApi(() => Promise.resolve(jsonResponse(200, { products: [water], total: 1 })));
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
    stubApi(() => Promise.resolve(jsonResponse(200, { products: [water], total: 1 })));
    renderTill();
    fireEvent.click(await screen.findByRole('button', { name: /^Add Voltic/ }));
    fireEvent.keyDown(document.body, { key: 'Escape', ctrlKey: true });
    expect(await screen.findByText('Cart cleared')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Cart items' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('list', { name: 'Cart items' })).toBeTruthy();
  });
});
