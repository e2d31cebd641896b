import { createPortal } from 'react-dom';
import { formatDateTime } from '#domain/dates.ts';
import { formatCell, summaryTable, type TableView } from '#domain/report-tables.ts';
import type { ReportSummary } from '#domain/schemas/reports.ts';
import { formatPeriod } from '../lib/period-label.ts';

// On paper only this summary prints, on one A4 page: everything else of the page is hidden.
const PRINT_STYLES = `
.report-print-root { display: none; }
@media print {
  @page { size: A4 portrait; margin: 12mm; }
  html, body { background: #fff !important; }
  body > :not(.report-print-root) { display: none !important; }
  .report-print-root { display: block !important; color: #111; font: 10pt/1.35 system-ui, sans-serif; }
  .report-print-root h1 { font-size: 15pt; margin: 0 0 1mm; }
  .report-print-root h2 { font-size: 11pt; margin: 4mm 0 1mm; }
  .report-print-root p { margin: 0; color: #444; }
  .report-print-root table { width: 100%; border-collapse: collapse; }
  .report-print-root th, .report-print-root td { padding: 0.8mm 1.5mm; border-bottom: 0.2mm solid #ccc; text-align: left; }
  .report-print-root .num { text-align: right; font-variant-numeric: tabular-nums; }
  .report-print-root .columns { display: grid; grid-template-columns: 1fr 1fr; gap: 6mm; }
  .report-print-root section { break-inside: avoid; }
}`;

function PrintTable({ view, limit }: { view: TableView; limit?: number }) {
  const rows = limit ? view.rows.slice(0, limit) : view.rows;
  return (
    <section>
      <h2>{view.title}</h2>
      {rows.length === 0 ? (
        <p>Nothing in this period</p>
      ) : (
        <table>
          <thead>
            <tr>
              {view.columns.map((column, index) => (
                <th key={column} className={index > 0 ? 'num' : undefined}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, rowIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows of a report have no identity of their own
              <tr key={rowIndex}>
                {row.map((cell, index) => (
                  <td key={view.columns[index]} className={index > 0 ? 'num' : undefined}>
                    {formatCell(cell)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The printable summary (window.print()): the figures against the period before, payments, best sellers. */
export function PrintSummary({ report, businessName }: { report: ReportSummary; businessName: string }) {
  return createPortal(
    <div className="report-print-root">
      <style>{PRINT_STYLES}</style>
      <h1>{businessName} · Sales summary</h1>
      <p>
        {formatPeriod(report.range)} compared with {formatPeriod(report.previous_range)} ({report.timezone})
      </p>
      <p>Printed {formatDateTime(new Date(), report.timezone)}</p>
      <PrintTable view={summaryTable(report, 'summary')} />
      <div className="columns">
        <PrintTable view={summaryTable(report, 'payment_methods')} />
        <PrintTable view={summaryTable(report, 'top_products_revenue')} limit={5} />
      </div>
      <PrintTable view={summaryTable(report, 'cashiers')} limit={8} />
    </div>,
    document.body,
  );
}
