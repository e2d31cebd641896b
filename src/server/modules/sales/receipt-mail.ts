import { type ReceiptRow, receiptContent, receiptText } from '#domain/receipt.ts';
import type { Sale } from '#domain/schemas/sales.ts';
import { escapeHtml } from '../mail/index.ts';

/** The receipt as an email: the printed receipt's content (#domain/receipt.ts), as text and as escaped HTML. */
export function renderReceiptMail(sale: Sale): { subject: string; text: string; html: string } {
  const content = receiptContent(sale);
  const cell = (row: ReceiptRow, align: 'left' | 'right') =>
    `<td style="padding:2px 0${align === 'right' ? ';text-align:right' : ''}${row.isStrong ? ';font-weight:700' : ''}">${escapeHtml(align === 'left' ? row.label : row.value)}</td>`;
  const rows = (list: ReceiptRow[]) =>
    list.map((row) => `<tr>${cell(row, 'left')}${cell(row, 'right')}</tr>`).join('');
  const small = (text: string) => `<br><span style="color:#6b7280;font-size:12px">${escapeHtml(text)}</span>`;

  const html = `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f9fafb;padding:24px;color:#1f2937">
<div style="max-width:420px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px;border:1px solid #e5e7eb">
<h1 style="font-size:18px;margin:0;text-align:center">${escapeHtml(content.businessName)}</h1>
${content.headerLines
  .map(
    (line) =>
      `<p style="margin:2px 0;text-align:center;font-size:13px;color:#4b5563">${escapeHtml(line)}</p>`,
  )
  .join('')}
<table style="width:100%;margin-top:16px;font-size:13px">${rows(content.details)}</table>
<table style="width:100%;margin-top:12px;border-top:1px dashed #9ca3af;font-size:14px">${content.items
    .map(
      (item) =>
        `<tr><td style="padding:4px 0">${escapeHtml(item.name)}${small(item.quantityText)}${item.extras
          .map((row) => small(`${row.label} ${row.value}`))
          .join('')}</td><td style="padding:4px 0;text-align:right">${escapeHtml(item.total)}</td></tr>`,
    )
    .join('')}</table>
<table style="width:100%;margin-top:12px;border-top:1px dashed #9ca3af;font-size:14px">${rows(content.totals)}</table>
${content.statusNote ? `<p style="margin-top:12px;text-align:center;font-weight:700">*** ${escapeHtml(content.statusNote)} ***</p>` : ''}
${content.footer ? `<p style="margin-top:16px;text-align:center;font-size:12px;color:#6b7280">${escapeHtml(content.footer)}</p>` : ''}
</div></body></html>`;
  return {
    subject: `Your receipt ${sale.receipt_number} from ${content.businessName}`,
    text: receiptText(content),
    html,
  };
}
