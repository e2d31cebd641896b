import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HistorySale } from '#domain/schemas/transactions.ts';
import { fakeApi, jsonResponse } from '#web/testing/fake-api.ts';
import { historySaleFixture } from '#web/testing/fixtures.ts';
import { renderPage } from '#web/testing/render.tsx';
import { VoidDialog } from './void-dialog.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

/** As the transaction history holds the dialog: closing it forgets the sale. */
function VoidFromHistory({ sale }: { sale: HistorySale }) {
  const [voiding, setVoiding] = useState<HistorySale | null>(sale);
  return <VoidDialog sale={voiding} onClose={() => setVoiding(null)} />;
}

describe('the void dialog', () => {
  it('a void whose dialog was closed while it was on its way still says the sale was voided', async () => {
    const sale = historySaleFixture();
    let answer: (response: Response) => void = () => {};
    const api = fakeApi({
      [`POST /api/v1/transactions/${sale.id}/void`]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderPage(<VoidFromHistory sale={sale} />, '/app');
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void transaction' }));
    await within(dialog).findByRole('button', { name: 'Voiding…' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    answer(jsonResponse(200, { transaction: sale }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Transaction voided', {
        description: `${sale.receipt_number} has been voided.`,
      }),
    );
    expect(api.callsTo(`POST /api/v1/transactions/${sale.id}/void`)).toHaveLength(1);
  });
});
