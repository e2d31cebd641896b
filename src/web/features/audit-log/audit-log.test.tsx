import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditListResponse } from '#domain/schemas/transactions.ts';
import { fakeApi } from '#web/testing/fake-api.ts';
import { meFixture } from '#web/testing/fixtures.ts';
import { renderPage } from '#web/testing/render.tsx';
import AuditLogPage from './index.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const refund: AuditListResponse = {
  entries: [
    {
      id: '1f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
      action: 'sale_refunded',
      subject_type: 'sale',
      subject_id: '2f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
      actor_name: 'Ama Darko',
      approver_name: 'Kwame Mensah',
      summary: 'Refunded ₵60.50 of RCP-1795470532818-JQCCHP (REF-1795474136791-ZEFQ4W)',
      before: { payment_status: 'completed' },
      after: {
        payment_status: 'completed',
        lines: [
          { product: 'Milo 400g Tin', quantity: 1, restocked: true },
          { product: 'FanYogo Strawberry 120ml', quantity: 2, restocked: false },
        ],
      },
      reason: 'Wrong size',
      created_at: '2026-11-23T22:48:56.000Z',
    },
  ],
  next_cursor: null,
};

describe('Audit log', () => {
  it('reads each line as a person would: who, who approved, why, and the refunded lines by name', async () => {
    fakeApi({
      'GET /api/v1/session': () => ({ me: meFixture('owner') }),
      'GET /api/v1/audit-log': () => refund,
    });
    renderPage(<AuditLogPage />, '/app/audit-log');
    expect(await screen.findByText(refund.entries[0]!.summary)).toBeTruthy();
    expect(screen.getByText('By Ama Darko, approved by Kwame Mensah · Reason: Wrong size')).toBeTruthy();
    expect(
      screen.getByText(
        'Before: payment status: completed. After: payment status: completed · lines: Milo 400g Tin × 1, back in stock, FanYogo Strawberry 120ml × 2, written off.',
      ),
    ).toBeTruthy();
  });
});
