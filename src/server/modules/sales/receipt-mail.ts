import { formatCedis } from '#domain/money.ts';
import { PAYMENT_METHOD_LABELS } from '#domain/payment-methods.ts';
import type { Sale } from '#domain/schemas/sales.ts';
import { escapeHtml } from '../mail/index.ts';

/** A receipt's date and time in the business's timezone (ARCHITECTURE "Time"), e.g. '3 Mar 2025, 14:05'. */
export function formatReceiptTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(new Date(iso));
}

type Row = [label: string, value: string];

/** The receipt as an email: the same fields as the printed one, as text and as escaped HTML. */
export function renderReceiptMail(sale: Sale): { subject: string; text: string; html: string } {
  const b = sale.business;
  const when = formatReceiptTime(sale.created_at, b.timezone);
  const cashier = `${sale.cashier.first_name} ${sale.cashier.last_name}`.trim();
  const header = [
    b.name,
    b.address,
    b.phone ? `Tel: ${b.phone}` : '',
    b.tax_id ? `Tax ID: ${b.tax_id}` : '',
  ].filter(Boolean);
  const details: Row[] = [
    ['Receipt', sale.receipt_number],
    ['Date', when],
    ['Cashier', cashier],
    ...(sale.customer ? ([['Customer', sale.customer.name]] as Row[]) : []),
  ];
  const items = sale.items.map((item) => ({
    name: item.product_name,
    line: `${item.quantity} × ${formatCedis(item.unit_price)}`,
    total: formatCedis(item.total_price),
  }));
  const totals: Row[] = [
    ['Subtotal', formatCedis(sale.subtotal)],
    ['Tax', formatCedis(sale.tax_amount)],
    ...(sale.discount_amount > 0 ? ([['Discount', `-${formatCedis(sale.discount_amount)}`]] as Row[]) : []),
    ['Total', formatCedis(sale.total_amount)],
  ];
  const paid: Row[] = [
    ...sale.payments.map(
      (p): Row => [
        `${PAYMENT_METHOD_LABELS[p.method]}${p.status === 'pending' ? ' (pending)' : ''}`,
        formatCedis(p.amount_tendered ?? p.amount),
      ],
    ),
    ['Amount paid', formatCedis(sale.amount_paid)],
    ['Change', formatCedis(sale.change_given)],
  ];

  const text = [
    ...header,
    '',
    ...details.map(([k, v]) => `${k}: ${v}`),
    '',
    ...items.flatMap((item) => [item.name, `  ${item.line}  ${item.total}`]),
    '',
    ...totals.map(([k, v]) => `${k}: ${v}`),
    ...paid.map(([k, v]) => `${k}: ${v}`),
    ...(b.receipt_footer ? ['', b.receipt_footer] : []),
  ].join('\n');

  const rows = (list: Row[], bold = '') =>
    list
      .map(
        ([k, v]) =>
          `<tr><td style="padding:2px 0${k === bold ? ';font-weight:700' : ''}">${escapeHtml(k)}</td><td style="padding:2px 0;text-align:right${k === bold ? ';font-weight:700' : ''}">${escapeHtml(v)}</td></tr>`,
      )
      .join('');
  const html = `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f9fafb;padding:24px;color:#1f2937">
<div style="max-width:420px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px;border:1px solid #e5e7eb">
<h1 style="font-size:18px;margin:0;text-align:center">${escapeHtml(b.name)}</h1>
${header
  .slice(1)
  .map(
    (line) =>
      `<p style="margin:2px 0;text-align:center;font-size:13px;color:#4b5563">${escapeHtml(line)}</p>`,
  )
  .join('')}
<table style="width:100%;margin-top:16px;font-size:13px">${rows(details)}</table>
<table style="width:100%;margin-top:12px;border-top:1px dashed #9ca3af;font-size:14px">${items
    .map(
      (item) =>
        `<tr><td style="padding:4px 0">${escapeHtml(item.name)}<br><span style="color:#6b7280;font-size:12px">${escapeHtml(item.line)}</span></td><td style="padding:4px 0;text-align:right">${escapeHtml(item.total)}</td></tr>`,
    )
    .join('')}</table>
<table style="width:100%;margin-top:12px;border-top:1px dashed #9ca3af;font-size:14px">${rows(totals, 'Total')}${rows(paid)}</table>
${b.receipt_footer ? `<p style="margin-top:16px;text-align:center;font-size:12px;color:#6b7280">${escapeHtml(b.receipt_footer)}</p>` : ''}
</div></body></html>`;
  return { subject: `Your receipt ${sale.receipt_number} from ${b.name}`, text, html };
}
