import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '#web/testing/fake-api.ts';
import { productFixture } from '#web/testing/fixtures.ts';
import { renderInBusiness } from '#web/testing/render.tsx';
import { StockPanel } from './stock-panel.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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
});
