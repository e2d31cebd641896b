import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '#domain/schemas/catalog.ts';
import { fakeApi, jsonResponse } from '#web/testing/fake-api.ts';
import { productFixture } from '#web/testing/fixtures.ts';
import { renderInBusiness } from '#web/testing/render.tsx';
import { StockPanel } from './stock-panel.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

/** As the product dialog holds the panel: closing the dialog unmounts its form, the panel with it. */
function InProductDialog({ product }: { product: Product }) {
  const [isOpen, setOpen] = useState(true);
  return (
    <>
      {isOpen && <StockPanel product={product} />}
      <button type="button" onClick={() => setOpen(false)}>
        Close dialog
      </button>
    </>
  );
}

describe('stock panel', () => {
  it('shows the new stock from the answer at once, before the product is read again', async () => {
    const milo = productFixture({ stock_quantity: 96 });
    const api = fakeApi({
      [`POST /api/v1/products/${milo.id}/stock`]: () => ({ product: { ...milo, stock_quantity: 108 } }),
      // A slow line: the product and its history are asked again but do not answer.
      [`GET /api/v1/products/${milo.id}`]: () => new Promise(() => undefined),
      [`GET /api/v1/products/${milo.id}/stock-movements`]: () => ({ movements: [], total: 0 }),
    });
    renderInBusiness(<StockPanel product={milo} />);
    expect(screen.getByTestId('current-stock').textContent).toBe('96');
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByTestId('current-stock').textContent).toBe('108'));
    expect(api.callsTo(`POST /api/v1/products/${milo.id}/stock`)[0]?.body).toMatchObject({
      operation: 'add',
      quantity: 12,
    });
  });

  it('an adjustment whose dialog was closed while it was on its way still says the new stock', async () => {
    const milo = productFixture({ stock_quantity: 96 });
    let answer: (response: Response) => void = () => {};
    const api = fakeApi({
      [`POST /api/v1/products/${milo.id}/stock`]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
      [`GET /api/v1/products/${milo.id}`]: () => ({ product: { ...milo, stock_quantity: 108 } }),
      [`GET /api/v1/products/${milo.id}/stock-movements`]: () => ({ movements: [], total: 0 }),
    });
    renderInBusiness(<InProductDialog product={milo} />);
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(api.callsTo(`POST /api/v1/products/${milo.id}/stock`)).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Close dialog' }));
    expect(screen.queryByTestId('stock-panel')).toBeNull();

    answer(jsonResponse(200, { product: { ...milo, stock_quantity: 108 } }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Stock updated', {
        description: `${milo.name}: 108 in stock`,
      }),
    );
  });
});
