import { formatDateTime } from './dates.ts';
import { formatCedis } from './money.ts';
import { PAYMENT_METHOD_LABELS } from './payment-methods.ts';
import type { ReceiptRow } from './receipt.ts';
import type { ShiftDetail } from './schemas/shifts.ts';
import { countedLines, describeDifference } from './shifts.ts';

// What a shift's Z report says, on screen and on paper: one composition, like the receipt's (#domain/receipt.ts).

export type ZReportSection = { title: string; rows: ReceiptRow[] };

export type ZReportContent = {
  businessName: string;
  headerLines: string[];
  /** 'Z REPORT' once closed; 'X REPORT (SHIFT OPEN)' for a reading of a shift still open. */
  title: string;
  details: ReceiptRow[];
  sections: ZReportSection[];
  /** Where the cashier and the manager sign. */
  signatures: string[];
};

export function zReportContent(shift: ShiftDetail): ZReportContent {
  const tz = shift.shop.timezone;
  const f = shift.figures;
  const isClosed = shift.status === 'closed';
  const counted = shift.denominations ? countedLines(shift.denominations) : [];
  const sections: ZReportSection[] = [
    {
      title: 'Sales',
      rows: [
        { label: `Sales (${f.sales_count})`, value: formatCedis(f.sales_total), isStrong: true },
        ...f.by_method.map((line) => ({
          label: `${PAYMENT_METHOD_LABELS[line.method]} (${line.count})`,
          value: formatCedis(line.amount),
        })),
        { label: `Refunds (${f.refunds_count})`, value: formatCedis(-f.refunds_total) },
        { label: `Voids (${f.voids_count})`, value: formatCedis(f.voids_total) },
      ],
    },
    {
      title: 'Cash in and out',
      rows:
        shift.movements.length === 0
          ? [{ label: 'None', value: '' }]
          : shift.movements.map((movement) => ({
              label: `${movement.kind === 'in' ? 'In' : 'Out'}: ${movement.reason}`,
              value: formatCedis(movement.kind === 'in' ? movement.amount : -movement.amount),
            })),
    },
    {
      title: 'Cash drawer',
      rows: [
        { label: 'Opening float', value: formatCedis(shift.opening_float) },
        { label: 'Cash sales', value: formatCedis(f.cash_sales) },
        { label: 'Cash refunds', value: formatCedis(-f.cash_refunds) },
        { label: 'Cash in', value: formatCedis(f.cash_in) },
        { label: 'Cash out', value: formatCedis(-f.cash_out) },
        { label: 'Expected', value: formatCedis(shift.expected_cash ?? f.expected_cash), isStrong: true },
        ...(isClosed && shift.counted_cash !== null && shift.difference !== null
          ? [
              { label: 'Counted', value: formatCedis(shift.counted_cash), isStrong: true },
              { label: 'Difference', value: describeDifference(shift.difference), isStrong: true },
            ]
          : []),
      ],
    },
    ...(counted.length > 0
      ? [
          {
            title: 'Notes and coins counted',
            rows: counted.map((line) => ({
              label: `${line.label} × ${line.pieces}`,
              value: formatCedis(line.amount),
            })),
          },
        ]
      : []),
  ];
  return {
    businessName: shift.shop.name,
    headerLines: shift.shop.header_lines,
    title: isClosed ? 'Z REPORT' : 'X REPORT (SHIFT OPEN)',
    details: [
      { label: 'Till', value: shift.till_name },
      { label: 'Cashier', value: shift.cashier.name },
      { label: 'Opened', value: formatDateTime(shift.opened_at, tz) },
      ...(shift.closed_at ? [{ label: 'Closed', value: formatDateTime(shift.closed_at, tz) }] : []),
      ...(shift.closed_by_name && shift.closed_by_name !== shift.cashier.name
        ? [{ label: 'Closed by', value: shift.closed_by_name }]
        : []),
      ...(shift.close_note ? [{ label: 'Note', value: shift.close_note }] : []),
    ],
    sections,
    signatures: ['Cashier', 'Manager'],
  };
}
