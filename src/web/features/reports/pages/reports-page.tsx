import {
  BanknoteIcon,
  CoinsIcon,
  PercentIcon,
  PrinterIcon,
  ReceiptIcon,
  ShoppingBasketIcon,
  TrendingUpIcon,
  Undo2Icon,
} from 'lucide-react';
import { useState } from 'react';
import { formatCedis } from '#domain/money.ts';
import {
  changePercent,
  type DayRange,
  isIsoDay,
  presetRange,
  REPORT_PRESETS,
  type ReportPreset,
  rangeProblem,
} from '#domain/report-range.ts';
import { seriesLabel, slowMoversTable, stockValuationTable, summaryTable } from '#domain/report-tables.ts';
import { PAYMENT_CHANNEL_LABELS, type ReportFigures, type ReportSummary } from '#domain/schemas/reports.ts';
import { ErrorState } from '#web/components/list-states.tsx';
import { StatCard } from '#web/components/stat-card.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useBusiness } from '#web/lib/business-context.tsx';
import { useAddressParams } from '#web/lib/use-address-params.ts';
import { exportHref, useReportSummary, useSlowMovers, useStockValuation } from '../api/get-reports.ts';
import { PrintSummary } from '../components/print-summary.tsx';
import { RangePicker } from '../components/range-picker.tsx';
import { ReportChart } from '../components/report-chart.tsx';
import { CsvLink, ReportSection, ReportTable } from '../components/report-table.tsx';
import { formatPeriod } from '../lib/period-label.ts';

// Reports (issue 16): the period is in the address (?period=this_week, or ?from=…&to=… for a custom one), so a
// reload or a shared link shows the same report. Periods are read in the business's timezone.

function usePeriod(timezone: string) {
  const [params, changeAddress] = useAddressParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const named = params.get('period');
  const isCustom = isIsoDay(from) && isIsoDay(to) && rangeProblem({ from, to }) === null;
  const preset: ReportPreset = isCustom
    ? 'custom'
    : REPORT_PRESETS.includes(named as ReportPreset) && named !== 'custom'
      ? (named as ReportPreset)
      : 'today';
  const range: DayRange = isCustom
    ? { from, to }
    : presetRange(preset as Exclude<ReportPreset, 'custom'>, new Date(), timezone);
  // Only the period's own parameters change: the rest of the address (?business= on localhost) stays.
  const setPeriod = (changes: Record<'period' | 'from' | 'to', string | null>) => changeAddress(changes);
  return {
    preset,
    range,
    choosePreset: (next: Exclude<ReportPreset, 'custom'>) =>
      setPeriod({ period: next, from: null, to: null }),
    chooseCustom: (next: DayRange) => setPeriod({ period: null, from: next.from, to: next.to }),
  };
}

function changeNote(current: number, previous: number): string {
  const change = changePercent(current, previous);
  if (change === null)
    return previous === current ? 'Same as the previous period' : 'Nothing in the previous period';
  const sign = change > 0 ? '+' : '';
  return `${sign}${change}% vs previous period`;
}

const CARDS: { key: keyof ReportFigures; label: string; icon: typeof BanknoteIcon; isCount?: boolean }[] = [
  { key: 'net_sales', label: 'Net sales', icon: BanknoteIcon },
  { key: 'gross_sales', label: 'Gross sales', icon: TrendingUpIcon },
  { key: 'discounts', label: 'Discounts', icon: PercentIcon },
  { key: 'refunds', label: 'Refunds', icon: Undo2Icon },
  { key: 'tax', label: 'Tax collected', icon: ReceiptIcon },
  { key: 'gross_margin', label: 'Gross margin', icon: CoinsIcon },
  { key: 'transaction_count', label: 'Transactions', icon: ReceiptIcon, isCount: true },
  { key: 'average_basket', label: 'Average basket', icon: ShoppingBasketIcon },
];

function SummaryCards({ report }: { report: ReportSummary | undefined }) {
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {CARDS.map(({ key, label, icon, isCount }) => {
        const value = report?.figures[key] ?? 0;
        const previous = report?.previous_figures[key] ?? 0;
        return (
          <StatCard
            key={key}
            label={label}
            icon={icon}
            value={report && (isCount ? value.toLocaleString('en-GH') : formatCedis(value))}
            note={report && changeNote(value, previous)}
          />
        );
      })}
    </div>
  );
}

function MoneyNotes({ report }: { report: ReportSummary }) {
  const f = report.figures;
  return (
    <p className="text-muted-foreground text-sm">
      Takings (net sales + tax) {formatCedis(f.takings)} · Cost of goods {formatCedis(f.cost_of_goods)} ·
      Margin {f.margin_percent === null ? '—' : `${f.margin_percent}%`} · {f.refund_count}{' '}
      {f.refund_count === 1 ? 'refund' : 'refunds'} · {f.void_count} voided ({formatCedis(f.voids)})
    </p>
  );
}

function Pager({
  page,
  total,
  pageSize,
  label,
  onPage,
}: {
  page: number;
  total: number;
  pageSize: number;
  label: string;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1) return null;
  return (
    <nav aria-label={`${label} pages`} className="flex items-center justify-end gap-2 text-sm print:hidden">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="text-muted-foreground">
        Page {page} of {pages}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}

function StockSections({ range, timezone }: { range: DayRange; timezone: string }) {
  const [slowPage, setSlowPage] = useState(1);
  const [valuePage, setValuePage] = useState(1);
  const slow = useSlowMovers(slowPage);
  const value = useStockValuation(valuePage);
  return (
    <div className="grid grid-cols-1 gap-4">
      <ReportSection
        id="report-slow-movers"
        title="Slow movers"
        description="Active products with no sale in the last 30 days, never sold first"
        actions={<CsvLink href={exportHref('slow_movers', range)} title="Slow movers" />}
      >
        {slow.isError ? (
          <ErrorState title="Error Loading Slow Movers" message={slow.error.message} />
        ) : !slow.data ? (
          <Skeleton className="h-32" />
        ) : (
          <>
            <ReportTable
              view={slowMoversTable(slow.data, timezone)}
              empty="Every active product sold in the last 30 days"
            />
            <Pager
              page={slowPage}
              total={slow.data.total}
              pageSize={slow.data.page_size}
              label="Slow movers"
              onPage={setSlowPage}
            />
          </>
        )}
      </ReportSection>
      <ReportSection
        id="report-stock-value"
        title="Stock valuation"
        description={
          value.data
            ? `${value.data.totals.units.toLocaleString('en-GH')} units: ${formatCedis(value.data.totals.cost_value)} at cost, ${formatCedis(value.data.totals.retail_value)} at price`
            : 'Stock on hand at cost and at selling price'
        }
        actions={<CsvLink href={exportHref('stock_valuation', range)} title="Stock valuation" />}
      >
        {value.isError ? (
          <ErrorState title="Error Loading Stock Valuation" message={value.error.message} />
        ) : !value.data ? (
          <Skeleton className="h-32" />
        ) : (
          <>
            <ReportTable view={stockValuationTable(value.data)} empty="No active products" />
            <Pager
              page={valuePage}
              total={value.data.total}
              pageSize={value.data.page_size}
              label="Stock valuation"
              onPage={setValuePage}
            />
          </>
        )}
      </ReportSection>
    </div>
  );
}

export function ReportsPage() {
  const business = useBusiness();
  const { preset, range, choosePreset, chooseCustom } = usePeriod(business.timezone);
  const summary = useReportSummary(range);
  // The figures shown belong to the period asked for; while another loads, the last ones stay, dimmed.
  const report = summary.data;
  const isStale = summary.isPlaceholderData;
  return (
    <section className="grid gap-6" aria-labelledby="reports-title">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h1 id="reports-title" className="font-semibold text-2xl tracking-tight">
            Reports &amp; Analytics
          </h1>
          <p className="text-muted-foreground" aria-live="polite">
            {formatPeriod(range)} · compared with{' '}
            {report && !isStale ? formatPeriod(report.previous_range) : '…'}
          </p>
        </div>
        <Button
          variant="outline"
          onClick={() => window.print()}
          disabled={!report || isStale}
          className="print:hidden"
        >
          <PrinterIcon aria-hidden="true" />
          Print summary
        </Button>
      </header>
      <RangePicker
        key={preset === 'custom' ? `${range.from}-${range.to}` : preset}
        preset={preset}
        range={range}
        onPreset={choosePreset}
        onCustom={chooseCustom}
      />
      {summary.isError ? (
        <ErrorState title="Error Loading Reports" message={summary.error.message} />
      ) : (
        <div
          className={isStale ? 'grid gap-6 opacity-60 transition-opacity' : 'grid gap-6'}
          aria-busy={!report || isStale}
        >
          <SummaryCards report={report} />
          {report && <MoneyNotes report={report} />}
          {!report ? (
            <Skeleton className="h-72" />
          ) : (
            <>
              <ReportSection
                id="report-summary"
                title="Sales summary"
                description="Every figure of the period against the period before it"
                actions={<CsvLink href={exportHref('summary', range)} title="Sales summary" />}
              >
                <ReportTable view={summaryTable(report, 'summary')} />
              </ReportSection>
              <ReportChart
                id="report-over-time"
                title={report.grain === 'hour' ? 'Net sales by hour' : 'Net sales by day'}
                description="Sales less discounts and refunds, before tax"
                points={report.series.map((point) => ({
                  label:
                    report.grain === 'hour'
                      ? point.key
                      : seriesLabel(point.key, 'day').replace(/, \d{4}$/, ''),
                  value: point.net_sales,
                }))}
                view={summaryTable(report, 'sales_over_time')}
                csvHref={exportHref('sales_over_time', range)}
              />
              <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
                <ReportChart
                  id="report-payments"
                  title="Sales by payment method"
                  description="Money taken less money given back, with tax"
                  points={report.payment_methods.map((row) => ({
                    label: PAYMENT_CHANNEL_LABELS[row.channel],
                    value: row.amount,
                  }))}
                  view={summaryTable(report, 'payment_methods')}
                  csvHref={exportHref('payment_methods', range)}
                  horizontal
                  valueLabel="Amount"
                />
                <ReportChart
                  id="report-categories"
                  title="Sales by category"
                  description="Quantity × price less returns, before discounts and tax"
                  points={report.categories.map((row) => ({ label: row.name, value: row.sales }))}
                  view={summaryTable(report, 'categories')}
                  csvHref={exportHref('categories', range)}
                  horizontal
                  valueLabel="Sales"
                />
              </div>
              <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
                {(['top_products_revenue', 'top_products_quantity'] as const).map((table) => {
                  const view = summaryTable(report, table);
                  return (
                    <ReportSection
                      key={table}
                      id={`report-${table}`}
                      title={view.title}
                      actions={<CsvLink href={exportHref(table, range)} title={view.title} />}
                    >
                      <ReportTable view={view} />
                    </ReportSection>
                  );
                })}
              </div>
              {(['cashiers', 'discounts_by_cashier'] as const).map((table) => {
                const view = summaryTable(report, table);
                return (
                  <ReportSection
                    key={table}
                    id={`report-${table}`}
                    title={view.title}
                    description={
                      table === 'discounts_by_cashier'
                        ? 'Discounts given, those above the limit, and what a manager approved with a PIN'
                        : 'A refund counts against the person who gave it'
                    }
                    actions={<CsvLink href={exportHref(table, range)} title={view.title} />}
                  >
                    <ReportTable view={view} />
                  </ReportSection>
                );
              })}
              {!isStale && <PrintSummary report={report} businessName={business.name} />}
            </>
          )}
        </div>
      )}
      <StockSections range={range} timezone={business.timezone} />
    </section>
  );
}
