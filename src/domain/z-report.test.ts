import { describe, expect, it } from 'vitest';
import type { ShiftDetail } from './schemas/shifts.ts';
import { zReportContent } from './z-report.ts';

function closedShift(overrides: Partial<ShiftDetail> = {}): ShiftDetail {
  return {
    id: '6f1c1e8e-8a57-4a4b-9a52-8d6a3c1f0001',
    till_id: '6f1c1e8e-8a57-4a4b-9a52-8d6a3c1f0002',
    till_name: 'Front counter',
    status: 'closed',
    cashier: { id: '6f1c1e8e-8a57-4a4b-9a52-8d6a3c1f0003', name: 'Ama Darko' },
    opening_float: 20000,
    opened_at: '2026-11-23T08:00:00.000Z',
    closed_at: '2026-11-23T18:30:00.000Z',
    closed_by_name: 'Ama Darko',
    expected_cash: 25500,
    counted_cash: 25450,
    difference: -50,
    figures: {
      sales_count: 2,
      sales_total: 4000,
      by_method: [
        { method: 'card', count: 1, amount: 1000 },
        { method: 'cash', count: 1, amount: 3000 },
      ],
      cash_sales: 3000,
      refunds_count: 1,
      refunds_total: 1000,
      cash_refunds: 1000,
      voids_count: 1,
      voids_total: 2000,
      cash_in: 5000,
      cash_out: 1500,
      expected_cash: 25500,
    },
    movements: [
      {
        id: '6f1c1e8e-8a57-4a4b-9a52-8d6a3c1f0004',
        kind: 'out',
        amount: 1500,
        reason: 'Paid for bread delivery',
        recorded_by_name: 'Ama Darko',
        created_at: '2026-11-23T10:00:00.000Z',
      },
    ],
    denominations: { note_200: 1, note_50: 1, coin_2: 2, coin_50p: 1 },
    close_note: null,
    shop: { name: 'Demo Shop', header_lines: ['14 Oxford Street, Osu, Accra'], timezone: 'Africa/Accra' },
    ...overrides,
  };
}

const rowsOf = (content: ReturnType<typeof zReportContent>, title: string) =>
  content.sections.find((section) => section.title === title)?.rows.map((row) => [row.label, row.value]);

describe('the Z report', () => {
  it('prints the shop, till, cashier and times, sales by method, refunds, voids and the drawer', () => {
    const content = zReportContent(closedShift());
    expect(content.title).toBe('Z REPORT');
    expect(content.businessName).toBe('Demo Shop');
    expect(content.details.map((row) => row.label)).toEqual(['Till', 'Cashier', 'Opened', 'Closed']);
    expect(rowsOf(content, 'Sales')).toEqual([
      ['Sales (2)', '₵40.00'],
      ['Card (1)', '₵10.00'],
      ['Cash (1)', '₵30.00'],
      ['Refunds (1)', '-₵10.00'],
      ['Voids (1)', '₵20.00'],
    ]);
    expect(rowsOf(content, 'Cash in and out')).toEqual([['Out: Paid for bread delivery', '-₵15.00']]);
    expect(rowsOf(content, 'Cash drawer')).toEqual([
      ['Opening float', '₵200.00'],
      ['Cash sales', '₵30.00'],
      ['Cash refunds', '-₵10.00'],
      ['Cash in', '₵50.00'],
      ['Cash out', '-₵15.00'],
      ['Expected', '₵255.00'],
      ['Counted', '₵254.50'],
      ['Difference', '₵0.50 short'],
    ]);
    expect(rowsOf(content, 'Notes and coins counted')).toEqual([
      ['₵200 note × 1', '₵200.00'],
      ['₵50 note × 1', '₵50.00'],
      ['₵2 coin × 2', '₵4.00'],
      ['50p coin × 1', '₵0.50'],
    ]);
    expect(content.signatures).toEqual(['Cashier', 'Manager']);
  });

  it('names the manager who closed a forgotten shift, and reads an open shift as an X report without a count', () => {
    const closedByManager = zReportContent(
      closedShift({ closed_by_name: 'Kwame Boateng', close_note: 'Forgotten' }),
    );
    expect(closedByManager.details).toContainEqual({ label: 'Closed by', value: 'Kwame Boateng' });
    expect(closedByManager.details).toContainEqual({ label: 'Note', value: 'Forgotten' });
    const open = zReportContent(
      closedShift({
        status: 'open',
        closed_at: null,
        closed_by_name: null,
        counted_cash: null,
        difference: null,
        denominations: null,
        movements: [],
      }),
    );
    expect(open.title).toBe('X REPORT (SHIFT OPEN)');
    expect(rowsOf(open, 'Cash drawer')?.map(([label]) => label)).not.toContain('Counted');
    expect(rowsOf(open, 'Cash in and out')).toEqual([['None', '']]);
  });
});
