import { csvField } from './catalog/csv.ts';
import { formatDate } from './dates.ts';
import { formatCedis } from './money.ts';
import { changePercent } from './report-range.ts';
import {
  PAYMENT_CHANNEL_LABELS,
  type ReportFigures,
  type ReportSummary,
  type ReportTable,
  type SlowMovers,
  type StockValuation,
} from './schemas/reports.ts';

// Every report table once: its title, columns and rows, read by the screen (the table under each chart and the
// tables themselves) and by the CSV export, so the file holds exactly what the screen shows. CSV amounts are in
// cedis with two decimals, as the transactions export writes them.

export type Cell =
  | { kind: 'text'; value: string | null }
  | { kind: 'money'; value: number }
  | { kind: 'count'; value: number }
  | { kind: 'percent'; value: number | null }
  /** A change against the previous period: signed. */
  | { kind: 'change'; value: number | null };

export type TableView = { title: string; columns: string[]; rows: Cell[][] };

const text = (value: string | null): Cell => ({ kind: 'text', value });
const money = (value: number): Cell => ({ kind: 'money', value });
const count = (value: number): Cell => ({ kind: 'count', value });
const percent = (value: number | null): Cell => ({ kind: 'percent', value });
const change = (value: number | null): Cell => ({ kind: 'change', value });

export const REPORT_TABLE_TITLES: Record<ReportTable, string> = {
  summary: 'Sales summary',
  sales_over_time: 'Net sales over time',
  payment_methods: 'Sales by payment method',
  categories: 'Sales by category',
  top_products_revenue: 'Top products by revenue',
  top_products_quantity: 'Top products by quantity',
  cashiers: 'Sales by cashier',
  discounts_by_cashier: 'Discounts and overrides by cashier',
  slow_movers: 'Slow movers (no sale in 30 days)',
  stock_valuation: 'Stock valuation',
};

/** The summary's figures in the order the page shows them, with how each is written. */
export const FIGURE_ROWS: { key: keyof ReportFigures; label: string; kind: 'money' | 'count' | 'percent' }[] =
  [
    { key: 'gross_sales', label: 'Gross sales', kind: 'money' },
    { key: 'discounts', label: 'Discounts', kind: 'money' },
    { key: 'points_redeemed', label: 'of which loyalty points', kind: 'money' },
    { key: 'refunds', label: 'Refunds', kind: 'money' },
    { key: 'net_sales', label: 'Net sales', kind: 'money' },
    { key: 'tax', label: 'Tax collected', kind: 'money' },
    { key: 'takings', label: 'Takings (net sales + tax)', kind: 'money' },
    { key: 'cost_of_goods', label: 'Cost of goods', kind: 'money' },
    { key: 'gross_margin', label: 'Gross margin', kind: 'money' },
    { key: 'margin_percent', label: 'Gross margin %', kind: 'percent' },
    { key: 'transaction_count', label: 'Transactions', kind: 'count' },
    { key: 'average_basket', label: 'Average basket', kind: 'money' },
    { key: 'refund_count', label: 'Refunds given', kind: 'count' },
    { key: 'void_count', label: 'Voided sales', kind: 'count' },
    { key: 'voids', label: 'Voided amount', kind: 'money' },
  ];

function figureCell(kind: 'money' | 'count' | 'percent', value: number | null): Cell {
  if (kind === 'percent') return percent(value);
  return kind === 'money' ? money(value ?? 0) : count(value ?? 0);
}

/** 'Nov 3, 2026' for a day, '09:00' for an hour. */
export function seriesLabel(key: string, grain: 'hour' | 'day'): string {
  return grain === 'hour' ? `${key}:00` : formatDate(`${key}T12:00:00Z`, 'UTC');
}

export function summaryTable(
  report: ReportSummary,
  table: Exclude<ReportTable, 'slow_movers' | 'stock_valuation'>,
): TableView {
  const title = REPORT_TABLE_TITLES[table];
  switch (table) {
    case 'summary':
      return {
        title,
        columns: ['Figure', 'This period', 'Previous period', 'Change'],
        rows: FIGURE_ROWS.map(({ key, label, kind }) => {
          const current = report.figures[key];
          const previous = report.previous_figures[key];
          return [
            text(label),
            figureCell(kind, current),
            figureCell(kind, previous),
            change(kind === 'percent' ? null : changePercent(current ?? 0, previous ?? 0)),
          ];
        }),
      };
    case 'sales_over_time':
      return {
        title,
        columns: [report.grain === 'hour' ? 'Hour' : 'Day', 'Sales', 'Net sales'],
        rows: report.series.map((point) => [
          text(seriesLabel(point.key, report.grain)),
          count(point.count),
          money(point.net_sales),
        ]),
      };
    case 'payment_methods':
      return {
        title,
        columns: ['Payment method', 'Transactions', 'Amount'],
        rows: report.payment_methods.map((row) => [
          text(PAYMENT_CHANNEL_LABELS[row.channel]),
          count(row.count),
          money(row.amount),
        ]),
      };
    case 'categories':
      return {
        title,
        columns: ['Category', 'Units', 'Sales'],
        rows: report.categories.map((row) => [text(row.name), count(row.quantity), money(row.sales)]),
      };
    case 'top_products_revenue':
    case 'top_products_quantity':
      return {
        title,
        columns: ['Product', 'Units', 'Sales'],
        rows: (table === 'top_products_revenue' ? report.top_by_revenue : report.top_by_quantity).map(
          (row) => [text(row.name), count(row.quantity), money(row.sales)],
        ),
      };
    case 'cashiers':
      return {
        title,
        columns: ['Cashier', 'Sales', 'Gross sales', 'Discounts', 'Refunds', 'Net sales', 'Average basket'],
        rows: report.cashiers.map((row) => [
          text(row.name),
          count(row.sale_count),
          money(row.gross_sales),
          money(row.discounts),
          money(row.refunds),
          money(row.net_sales),
          money(row.average_basket),
        ]),
      };
    case 'discounts_by_cashier':
      return {
        title,
        columns: ['Person', 'Discounted sales', 'Discounts', 'Above limit', 'Approvals', 'Refunds', 'Voids'],
        rows: report.discounts_by_cashier.map((row) => [
          text(row.name),
          count(row.discounted_sales),
          money(row.discount_amount),
          count(row.above_limit),
          count(row.approvals),
          count(row.refunds),
          count(row.voids),
        ]),
      };
  }
}

export function slowMoversTable(report: Pick<SlowMovers, 'products'>, timezone: string): TableView {
  return {
    title: REPORT_TABLE_TITLES.slow_movers,
    columns: ['Product', 'SKU', 'Category', 'In stock', 'Last sold', 'Stock at cost'],
    rows: report.products.map((row) => [
      text(row.name),
      text(row.sku),
      text(row.category),
      count(row.stock),
      text(row.last_sold_at ? formatDate(row.last_sold_at, timezone) : 'Never'),
      money(row.cost_value),
    ]),
  };
}

export function stockValuationTable(report: Pick<StockValuation, 'products'>): TableView {
  return {
    title: REPORT_TABLE_TITLES.stock_valuation,
    columns: [
      'Product',
      'SKU',
      'Category',
      'In stock',
      'Cost price',
      'Price',
      'Value at cost',
      'Value at price',
    ],
    rows: report.products.map((row) => [
      text(row.name),
      text(row.sku),
      text(row.category),
      count(row.stock),
      money(row.cost_price),
      money(row.price),
      money(row.cost_value),
      money(row.retail_value),
    ]),
  };
}

/** A cell as the screen shows it: '₵12.50', '1,204', '12.5%', '—' for nothing. */
export function formatCell(cell: Cell): string {
  switch (cell.kind) {
    case 'text':
      return cell.value ?? '—';
    case 'money':
      return formatCedis(cell.value);
    case 'count':
      return cell.value.toLocaleString('en-GH');
    case 'percent':
      return cell.value === null ? '—' : `${cell.value}%`;
    case 'change':
      return cell.value === null ? '—' : `${cell.value > 0 ? '+' : ''}${cell.value}%`;
  }
}

const cedis = (pesewas: number) => (pesewas / 100).toFixed(2);

function csvCell(cell: Cell): string {
  switch (cell.kind) {
    case 'text':
      return csvField(cell.value);
    case 'money':
      return cedis(cell.value);
    case 'count':
      return String(cell.value);
    case 'percent':
    case 'change':
      return cell.value === null ? '' : String(cell.value);
  }
}

/** The table as CSV lines (CRLF), header first; the caller adds the byte-order mark. */
export function tableCsv(table: TableView): string {
  const header = table.columns.map((column) => csvField(column)).join(',');
  return [header, ...table.rows.map((row) => row.map(csvCell).join(','))]
    .map((line) => `${line}\r\n`)
    .join('');
}
