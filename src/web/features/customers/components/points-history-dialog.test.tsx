import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '#web/testing/fake-api.ts';
import { customerFixture } from '#web/testing/fixtures.ts';
import { renderInBusiness } from '#web/testing/render.tsx';
import { PointsHistoryDialog } from './points-history-dialog.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const efua = customerFixture({ name: 'Efua Mensah', loyalty_points: 380 });
const settings = { is_enabled: true, points_per_cedi: 1, points_per_cedi_redeemed: 100 };
const line = (values: object) => ({
  id: crypto.randomUUID(),
  value: 0,
  sale_id: crypto.randomUUID(),
  receipt_number: 'RCP-1732212345678-ABCDEF',
  refund_receipt_number: null,
  by: 'Ama Darko',
  created_at: '2025-11-21T14:05:00Z',
  ...values,
});

describe('Points history', () => {
  it('shows the balance, the rates and every change newest first with its receipt', async () => {
    fakeApi({
      [`GET /api/v1/customers/${efua.id}/loyalty`]: () => ({
        balance: 380,
        settings,
        entries: [
          line({ delta: -20, balance_after: 380, reason: 'refund', refund_receipt_number: 'REF-1-AAAAAA' }),
          line({ delta: -100, balance_after: 400, reason: 'redeemed', value: 100 }),
          line({ delta: 500, balance_after: 500, reason: 'earned' }),
        ],
      }),
    });
    renderInBusiness(<PointsHistoryDialog customer={efua} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Points history: Efua Mensah' });
    await within(dialog).findByText('Balance 380 points. Earn 1 point per ₵1 · 100 points = ₵1');
    const items = within(within(dialog).getByRole('list', { name: 'Points changes' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^RefundREF-1-AAAAAA · .* · Ama Darko-20Balance 380$/),
      expect.stringMatching(/^Redeemed \(₵1\.00 off\)RCP-.*-100Balance 400$/),
      expect.stringMatching(/^EarnedRCP-.*\+500Balance 500$/),
    ]);
  });

  it('says when there are no points yet', async () => {
    fakeApi({
      [`GET /api/v1/customers/${efua.id}/loyalty`]: () => ({ balance: 0, settings, entries: [] }),
    });
    renderInBusiness(<PointsHistoryDialog customer={efua} onClose={() => {}} />);
    expect(await screen.findByText(/No points yet/)).toBeTruthy();
  });
});
