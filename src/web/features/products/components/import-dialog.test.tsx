import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse } from '#web/testing/fake-api.ts';
import { renderInBusiness } from '#web/testing/render.tsx';
import { ImportDialog } from './import-dialog.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

/** As the products page holds the dialog. */
function ImportFromProducts() {
  const [isOpen, setOpen] = useState(true);
  return <ImportDialog open={isOpen} onOpenChange={setOpen} />;
}

const CSV = 'name,price\nMilo 400g,45.00\nBread,12.50\n';

describe('the product import', () => {
  it('an import whose dialog was closed while it was on its way still says what it did', async () => {
    let answer: (response: Response) => void = () => {};
    const api = fakeApi({
      'POST /api/v1/products/import/preview': () => ({
        file_errors: [],
        total_rows: 2,
        valid_rows: 2,
        invalid_rows: 0,
        create_count: 2,
        update_count: 0,
        new_categories: [],
        rows: [],
      }),
      'POST /api/v1/products/import': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderInBusiness(<ImportFromProducts />);
    const dialog = await screen.findByRole('dialog', { name: 'Import products' });
    fireEvent.change(within(dialog).getByLabelText('CSV file'), {
      target: { files: [new File([CSV], 'products.csv', { type: 'text/csv' })] },
    });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Import 2 products' }));
    await waitFor(() => expect(api.callsTo('POST /api/v1/products/import')).toHaveLength(1));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    answer(jsonResponse(200, { created: 2, updated: 0, categories_created: 0 }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Products imported', { description: '2 added, 0 updated' }),
    );
  });
});
