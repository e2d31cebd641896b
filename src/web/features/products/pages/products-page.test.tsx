import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '#domain/schemas/catalog.ts';
import {
  errorResponse,
  type FakeHandler,
  fakeApi as installFakeApi,
  jsonResponse,
} from '#web/testing/fake-api.ts';
import { categoryFixture, meFixture, productFixture } from '#web/testing/fixtures.ts';
import { renderPage } from '#web/testing/render.tsx';
import { ProductsPage } from './products-page.tsx';

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
beforeEach(() => vi.stubGlobal('ResizeObserver', NoResizeObserver));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const drinks = categoryFixture({ name: 'Beverages', product_count: 1 });

function product(overrides: Partial<Product> = {}): Product {
  return productFixture({
    id: '5f0e8a4c-1d1b-4c55-8f43-0a8f5f0a9b01',
    name: 'Milo 400g Tin',
    barcode: '6031000000017',
    sku: 'MILO400G-0001',
    price: 5500,
    cost_price: 4000,
    tax_rate: 12.5,
    stock_quantity: 3,
    min_stock_level: 5,
    category: { id: drinks.id, name: drinks.name },
    category_id: drinks.id,
    ...overrides,
  });
}

/** The product screen's reads, answered for a manager; `overrides` replace single routes. */
function fakeApi(overrides: Record<string, FakeHandler> = {}) {
  return installFakeApi({
    'GET /api/v1/me': () => meFixture('manager'),
    'GET /api/v1/products': () => ({
      products: [
        product(),
        product({
          id: '5f0e8a4c-1d1b-4c55-8f43-0a8f5f0a9b02',
          name: 'Fanta',
          stock_quantity: 40,
          barcode: null,
          sku: null,
        }),
      ],
      total: 2,
      total_is_capped: false,
      next_cursor: null,
    }),
    'GET /api/v1/products/summary': () => ({
      total_products: 2,
      low_stock_count: 1,
      total_value: 123_450,
      categories_count: 7,
    }),
    'GET /api/v1/categories': () => ({ categories: [drinks] }),
    ...overrides,
  });
}

function renderProducts(path = '/app/products') {
  return renderPage(<ProductsPage />, '/app/products', { initialEntry: path }).router;
}

describe('product screen', () => {
  it('shows 8 skeleton cards while loading, then the cards with price, stock, low-stock flag and barcode', async () => {
    fakeApi();
    renderProducts();
    expect(screen.getAllByTestId('product-skeleton')).toHaveLength(8);
    const cards = await screen.findAllByTestId('product-card');
    expect(cards).toHaveLength(2);
    const milo = within(cards[0]!);
    expect(milo.getByText('Milo 400g Tin')).toBeTruthy();
    expect(milo.getByText('Beverages')).toBeTruthy();
    expect(milo.getByText('₵55.00')).toBeTruthy();
    expect(milo.getByText('Low stock!')).toBeTruthy();
    expect(milo.getByText('6031000000017')).toBeTruthy();
    expect(within(cards[1]!).queryByText('Low stock!')).toBeNull();
    expect(await screen.findByText('Showing 2 of 2 products')).toBeTruthy();
  });

  it('counts the listed products once, in the cards, and says how many are shown until they are counted', async () => {
    let answerSummary: (() => void) | undefined;
    const api = fakeApi({
      'GET /api/v1/products/summary': () =>
        new Promise((resolve) => {
          answerSummary = () =>
            resolve(
              jsonResponse(200, {
                total_products: 1234,
                low_stock_count: 1,
                total_value: 0,
                categories_count: 7,
              }),
            );
        }),
    });
    renderProducts('/app/products?search=mi');
    await screen.findAllByTestId('product-card');
    expect(screen.getByText('Showing 2 products')).toBeTruthy();
    expect(api.callsTo('GET /api/v1/products')[0]!.url.searchParams.get('count')).toBe('none');
    answerSummary!();
    expect(await screen.findByText('Showing 2 of 1,234 products')).toBeTruthy();
  });

  it('shows the four cards from the server summary', async () => {
    fakeApi();
    renderProducts();
    expect(await screen.findByText('₵1,234.50')).toBeTruthy();
    expect(screen.getByText('Total Products').parentElement?.textContent).toContain('2');
    expect(screen.getByText('Low Stock Items').parentElement?.textContent).toContain('1');
    expect(screen.getByText('Categories', { selector: 'p' }).parentElement?.textContent).toContain('7');
  });

  it('reads the filters from the address and sends them to the API', async () => {
    const api = fakeApi();
    renderProducts(`/app/products?search=milo&category=${drinks.id}&low_stock=true`);
    await screen.findAllByTestId('product-card');
    const list = api.callsTo('GET /api/v1/products')[0]!;
    expect(Object.fromEntries(list.url.searchParams)).toMatchObject({
      search: 'milo',
      category_id: drinks.id,
      low_stock: 'true',
    });
    expect(screen.getByRole('button', { name: 'Low stock' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('writes the typed search into the address', async () => {
    fakeApi();
    const router = renderProducts();
    await screen.findAllByTestId('product-card');
    fireEvent.change(screen.getByLabelText('Search products'), { target: { value: 'fanta' } });
    await waitFor(() => expect(router.state.location.search).toBe('?search=fanta'));
  });

  it('shows "No products found" with a hint, and "Error Loading Products" with the message', async () => {
    fakeApi({
      'GET /api/v1/products': () => ({ products: [], total: 0, total_is_capped: false, next_cursor: null }),
    });
    renderProducts('/app/products?search=zzz');
    expect(await screen.findByText('No products found')).toBeTruthy();
    expect(screen.getByText('Try adjusting your search or filters.')).toBeTruthy();
    cleanup();
    fakeApi({ 'GET /api/v1/products': () => errorResponse(500, 'INTERNAL_ERROR', 'Database unavailable') });
    renderProducts();
    expect(await screen.findByText('Error Loading Products')).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
  });

  it('asks before deleting with the spec text', async () => {
    const api = fakeApi({
      'DELETE /api/v1/products/5f0e8a4c-1d1b-4c55-8f43-0a8f5f0a9b01': () =>
        new Response(null, { status: 204 }),
    });
    renderProducts();
    await screen.findAllByTestId('product-card');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Milo 400g Tin' }));
    expect(await screen.findByText('Are you sure you want to delete "Milo 400g Tin"?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(api.callsTo('DELETE /api/v1/products/5f0e8a4c-1d1b-4c55-8f43-0a8f5f0a9b01')).toHaveLength(1),
    );
  });
});

describe('product dialog', () => {
  async function openAdd() {
    renderProducts();
    await screen.findAllByTestId('product-card');
    fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    await screen.findByRole('dialog');
  }
  const fill = (label: string, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  const submit = () =>
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Add Product' }));

  it('has the four sections, the defaults and the right steps', async () => {
    fakeApi();
    await openAdd();
    for (const section of ['Basic Information', 'Pricing', 'Inventory', 'Product Codes']) {
      expect(screen.getByRole('group', { name: section })).toBeTruthy();
    }
    expect((screen.getByLabelText('Tax Rate (%)') as HTMLInputElement).value).toBe('12.5');
    expect((screen.getByLabelText('Minimum Stock Level *') as HTMLInputElement).value).toBe('5');
    expect((screen.getByLabelText('Current Stock *') as HTMLInputElement).value).toBe('0');
    expect(screen.getByLabelText('Selling Price (₵) *').getAttribute('step')).toBe('0.01');
    expect(screen.getByLabelText('Cost Price (₵)').getAttribute('step')).toBe('0.01');
    expect(screen.getByLabelText('Tax Rate (%)').getAttribute('step')).toBe('0.01');
  });

  it('shows the spec messages and sends nothing', async () => {
    const api = fakeApi();
    await openAdd();
    fill('Tax Rate (%)', '101');
    fill('Current Stock *', '-1');
    fill('Minimum Stock Level *', '-2');
    fill('Cost Price (₵)', '-3');
    fill('Image URL(optional)', 'not a url');
    submit();
    expect(await screen.findByText('Product name is required')).toBeTruthy();
    expect(screen.getByText('Category is required')).toBeTruthy();
    expect(screen.getByText('Selling price is required')).toBeTruthy();
    expect(screen.getByText('Cost price must be positive')).toBeTruthy();
    expect(screen.getByText('Tax rate must be between 0 and 100')).toBeTruthy();
    expect(screen.getByText('Stock quantity must be positive')).toBeTruthy();
    expect(screen.getByText('Minimum stock level must be positive')).toBeTruthy();
    expect(screen.getByText('Please enter a valid image URL (http:// or https://)')).toBeTruthy();
    fill('Selling Price (₵) *', '-1');
    submit();
    expect(await screen.findByText('Price must be positive')).toBeTruthy();
    expect(api.callsTo('POST /api/v1/products')).toHaveLength(0);
  });

  it('generates an SKU from the name and sends pesewas, the tax rate and the category', async () => {
    const api = fakeApi({
      'POST /api/v1/products': () => jsonResponse(201, { product: product({ name: 'Kalypo Juice 250ml' }) }),
    });
    await openAdd();
    fill('Product Name *', 'Kalypo Juice 250ml');
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    const sku = (screen.getByLabelText('SKU(optional)') as HTMLInputElement).value;
    expect(sku).toMatch(/^KALYPOJU-[A-Z0-9]{4}$/);
    fireEvent.change(screen.getByLabelText('Category *'), { target: { value: drinks.id } });
    fill('Selling Price (₵) *', '3.50');
    fill('Cost Price (₵)', '2.05');
    fill('Current Stock *', '24');
    submit();
    await waitFor(() => expect(api.callsTo('POST /api/v1/products')).toHaveLength(1));
    expect(api.callsTo('POST /api/v1/products')[0]!.body).toMatchObject({
      name: 'Kalypo Juice 250ml',
      category_id: drinks.id,
      price: 350,
      cost_price: 205,
      tax_rate: 12.5,
      stock_quantity: 24,
      min_stock_level: 5,
      sku,
      barcode: null,
      image_url: null,
    });
  });

  it('puts a barcode clash from the server under the barcode field', async () => {
    const message = 'Barcode 6031000000017 is already used by "Milo 400g Tin"';
    fakeApi({
      'POST /api/v1/products': () => errorResponse(409, 'BARCODE_TAKEN', message, { barcode: message }),
    });
    await openAdd();
    fill('Product Name *', 'Copy');
    fireEvent.change(screen.getByLabelText('Category *'), { target: { value: drinks.id } });
    fill('Selling Price (₵) *', '1');
    fill('Barcode(optional)', '6031000000017');
    submit();
    expect(await within(screen.getByRole('dialog')).findByText(message)).toBeTruthy();
    expect(screen.getByLabelText('Barcode(optional)').getAttribute('aria-invalid')).toBe('true');
  });
});
