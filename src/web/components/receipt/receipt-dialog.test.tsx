import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failedSplitSale } from '#domain/testing/failed-split-sale.ts';
import { fakeApi } from '#web/testing/fake-api.ts';
import { meFixture } from '#web/testing/fixtures.ts';
import { renderInBusiness } from '#web/testing/render.tsx';
import { ReceiptDialog } from './receipt-dialog.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function openReceipt(features: string[]) {
  const me = meFixture('cashier');
  me.business.pos_features = features;
  fakeApi({ 'GET /api/v1/session': () => ({ me }) });
  const sale = failedSplitSale();
  renderInBusiness(<ReceiptDialog sale={sale} onOpenChange={() => undefined} />);
  return sale;
}

describe('receipt dialog', () => {
  it('prints on 80 or 58 mm paper when the shop prints receipts', async () => {
    openReceipt(['inventory_management', 'receipt_printing']);
    await screen.findByRole('button', { name: 'Print' });
    expect(screen.getByRole('group', { name: 'Paper width' })).toBeTruthy();
    expect(screen.getByText('Print it, email it to the customer, or start the next sale.')).toBeTruthy();
  });

  it('shows and emails the receipt, with nothing to print, when receipt printing is turned off', async () => {
    const sale = openReceipt(['inventory_management']);
    await screen.findByText('Email it to the customer, or start the next sale.');
    expect(screen.getByRole('article', { name: `Receipt ${sale.receipt_number}` })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Paper width' })).toBeNull();
    // Nothing is kept for paper either: the one receipt is the one on screen.
    expect(screen.getAllByRole('article', { name: `Receipt ${sale.receipt_number}` })).toHaveLength(1);
  });
});
