import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HistorySale, RefundResponse } from '#domain/schemas/transactions.ts';
import { errorResponse, fakeApi, jsonResponse } from '#web/testing/fake-api.ts';
import { historySaleFixture } from '#web/testing/fixtures.ts';
import { renderPage } from '#web/testing/render.tsx';
import { RefundDialog } from './refund-dialog.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

/** As the transaction history holds the dialog: closing it forgets the sale, which unmounts the form. */
function RefundFromHistory({
  sale,
  onRefunded,
}: {
  sale: HistorySale;
  onRefunded: (result: RefundResponse) => void;
}) {
  const [refunding, setRefunding] = useState<HistorySale | null>(sale);
  return (
    <RefundDialog
      sale={refunding}
      onClose={() => setRefunding(null)}
      onRefunded={(result) => {
        setRefunding(null);
        onRefunded(result);
      }}
    />
  );
}

const momoPayment = {
  id: '6a1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
  method: 'mtn_momo' as const,
  amount: 14_175,
  amount_tendered: null,
  status: 'completed' as const,
  reference: null,
  provider: 'paystack' as const,
};

describe('the refund dialog says how the money goes back', () => {
  it('names cash for a cash sale', async () => {
    fakeApi({});
    renderPage(<RefundDialog sale={historySaleFixture()} onClose={() => {}} onRefunded={() => {}} />, '/app');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('The money is handed back in cash.')).toBeTruthy();
  });

  it('names manual mobile money as sent back by hand', async () => {
    fakeApi({});
    const sale = historySaleFixture({
      payment_method: 'mtn_momo',
      payments: [{ ...momoPayment, provider: 'manual' }],
    });
    renderPage(<RefundDialog sale={sale} onClose={() => {}} onRefunded={() => {}} />, '/app');
    expect(
      await screen.findByText("Send the money back to the customer's MTN MoMo number by MoMo yourself."),
    ).toBeTruthy();
  });

  it('sends MoMo back through the provider; when it refuses, offers to try again or refund in cash', async () => {
    const sale = historySaleFixture({ payment_method: 'mtn_momo', payments: [momoPayment] });
    const refund = historySaleFixture({
      id: '9a1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
      receipt_number: 'REF-1732212345999-ZZZZZZ',
      transaction_type: 'refund',
      total_amount: -14_175,
    });
    const answers = [
      errorResponse(
        502,
        'PROVIDER_REFUND_FAILED',
        'The money could not be sent back: Paystack could not be reached. Nothing was refunded. Try again, or refund it in cash.',
      ),
      jsonResponse(201, {
        refund,
        original: sale,
        cash_to_return: 14_175,
        sent_back: null,
        note: 'Refunded in cash: chosen instead of sending it back through the provider.',
      }),
    ];
    const onRefunded = vi.fn();
    const api = fakeApi({ [`POST /api/v1/transactions/${sale.id}/refund`]: () => answers.shift() });
    renderPage(<RefundDialog sale={sale} onClose={() => {}} onRefunded={onRefunded} />, '/app');
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        "The money is sent back to the customer's MTN MoMo number through the payment provider.",
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /^Refund \d+ items?$/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm refund' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Nothing was refunded');
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(onRefunded).not.toHaveBeenCalled();
    fireEvent.click(within(alert).getByRole('button', { name: 'Refund in cash instead' }));
    await vi.waitFor(() => expect(onRefunded).toHaveBeenCalled());
    const bodies = api.callsTo(`POST /api/v1/transactions/${sale.id}/refund`).map((call) => call.body);
    expect(bodies[0]).not.toHaveProperty('refund_in_cash');
    expect(bodies[1]).toMatchObject({ refund_in_cash: true });
  });

  it('when the provider did not answer in time, offers only to try again: cash could pay the customer twice', async () => {
    const sale = historySaleFixture({ payment_method: 'mtn_momo', payments: [momoPayment] });
    const message =
      'Paystack did not answer in time, so it is not known yet whether the money went back. Try again in a moment: the earlier attempt is checked with Paystack first, so the money is never sent twice.';
    fakeApi({
      [`POST /api/v1/transactions/${sale.id}/refund`]: () =>
        errorResponse(502, 'PROVIDER_REFUND_UNKNOWN', message),
    });
    renderPage(<RefundDialog sale={sale} onClose={() => {}} onRefunded={() => {}} />, '/app');
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /^Refund \d+ items?$/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm refund' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(message);
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Refund in cash instead' })).toBeNull();
  });

  it('a refund whose dialog was closed while it was on its way still says what to hand back', async () => {
    const sale = historySaleFixture();
    const refund = historySaleFixture({
      id: '9a1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
      receipt_number: 'REF-1732212345999-ZZZZZZ',
      transaction_type: 'refund',
      total_amount: -14_175,
    });
    let answer: (response: Response) => void = () => {};
    fakeApi({
      [`POST /api/v1/transactions/${sale.id}/refund`]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const onRefunded = vi.fn();
    renderPage(<RefundFromHistory sale={sale} onRefunded={onRefunded} />, '/app');
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /^Refund \d+ items?$/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm refund' }));
    await within(dialog).findByRole('button', { name: 'Refunding…' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    answer(
      jsonResponse(201, { refund, original: sale, cash_to_return: 14_175, sent_back: null, note: null }),
    );
    await waitFor(() => expect(onRefunded).toHaveBeenCalled());
    expect(toast.success).toHaveBeenCalledWith('Transaction refunded', {
      description: `${sale.receipt_number} has been refunded (REF-1732212345999-ZZZZZZ). Hand back ₵141.75 in cash.`,
    });
  });
});
