import {
  BanknoteIcon,
  DownloadIcon,
  ReceiptIcon,
  RefreshCwIcon,
  RotateCcwIcon,
  ScrollTextIcon,
  TrendingUpIcon,
} from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '#domain/dates.ts';
import { formatCedis } from '#domain/money.ts';
import { PAYMENT_METHOD_LABELS, SALE_PAYMENT_METHODS } from '#domain/payment-methods.ts';
import { PAYMENT_STATUSES } from '#domain/schemas/sales.ts';
import type { HistorySale, TransactionFilters } from '#domain/schemas/transactions.ts';
import { STATUS_LABELS } from '#domain/transaction-badges.ts';
import { EmptyState, ErrorState, ListStates, LoadingList } from '#web/components/list-states.tsx';
import { NativeSelect } from '#web/components/native-select.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { ReceiptDialog } from '#web/components/receipt/receipt-dialog.tsx';
import { RefundDialog } from '#web/components/sale-reversal/refund-dialog.tsx';
import { VoidDialog } from '#web/components/sale-reversal/void-dialog.tsx';
import { SearchField } from '#web/components/search-field.tsx';
import { StatCard } from '#web/components/stat-card.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useBusiness } from '#web/lib/business-context.tsx';
import { useAddressParams } from '#web/lib/use-address-params.ts';
import {
  exportHref,
  useTransactionCashiers,
  useTransactionSummary,
  useTransactions,
} from '../api/transactions.ts';
import { MethodBadge, StatusBadges } from '../components/badges.tsx';
import { DetailsDialog } from '../components/details-dialog.tsx';
import { QUICK_RANGES, quickRange, readFilters } from '../lib/filters.ts';

const SKELETON_COUNT = 5; // operations §9

/** Transaction History (operations §2 Transactions screen). */
export function TransactionsPage() {
  const [params, changeAddress] = useAddressParams();
  const filters = readFilters(params);
  const transactions = useTransactions(filters);
  const summary = useTransactionSummary(filters);
  const rows = transactions.data?.pages.flatMap((page) => page.transactions) ?? [];
  const [shown, setShown] = useState<HistorySale | null>(null);
  const [receipt, setReceipt] = useState<HistorySale | null>(null);
  const [refunding, setRefunding] = useState<HistorySale | null>(null);
  const [voiding, setVoiding] = useState<HistorySale | null>(null);

  const setFilter = (changes: Partial<Record<keyof TransactionFilters, string | undefined>>) =>
    changeAddress(changes);

  return (
    <section className="grid gap-6" aria-labelledby="transactions-title">
      <PageHeader
        titleId="transactions-title"
        title="Transaction History"
        description="Every sale, refund and void, newest first."
        actions={
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              onClick={() => {
                transactions.refetch();
                summary.refetch();
              }}
              disabled={transactions.isFetching}
            >
              <RefreshCwIcon
                aria-hidden="true"
                className={transactions.isFetching ? 'animate-spin' : undefined}
              />
              Refresh
            </Button>
            <Button variant="outline" asChild>
              <a href={exportHref(filters)} download>
                <DownloadIcon aria-hidden="true" />
                Export CSV
              </a>
            </Button>
            <Button variant="outline" asChild>
              <Link to="/app/audit-log">
                <ScrollTextIcon aria-hidden="true" />
                Audit log
              </Link>
            </Button>
          </div>
        }
      />

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard
          label="Total Transactions"
          icon={ReceiptIcon}
          value={summary.data?.total_transactions.toLocaleString('en-GH')}
        />
        <StatCard
          label="Today's Sales"
          icon={TrendingUpIcon}
          value={summary.data && formatCedis(summary.data.today_sales)}
          note={summary.data && `${summary.data.today_count} completed today`}
        />
        <StatCard
          label="Total Revenue"
          icon={BanknoteIcon}
          value={summary.data && formatCedis(summary.data.total_revenue)}
          note="Net of refunds"
        />
        <StatCard
          label="Refunds"
          icon={RotateCcwIcon}
          value={summary.data && String(summary.data.refund_count)}
        />
      </div>

      <Filters filters={filters} onChange={setFilter} />

      <ListStates
        query={transactions}
        isEmpty={rows.length === 0}
        loading={
          <LoadingList
            count={SKELETON_COUNT}
            className="grid gap-3"
            placeholder={() => <Skeleton className="h-24 rounded-xl" data-testid="transaction-skeleton" />}
          />
        }
        error={(message) => <ErrorState title="Error Loading Transactions" message={message} />}
        empty={
          <EmptyState icon={ReceiptIcon} title="No transactions found">
            {Object.keys(filters).length > 0
              ? 'Try other filters or dates.'
              : 'Sales made at the till show here.'}
          </EmptyState>
        }
      >
        <ul className="grid gap-3" aria-label="Transactions">
          {rows.map((sale) => (
            <li key={sale.id}>
              <TransactionRow sale={sale} onOpen={() => setShown(sale)} />
            </li>
          ))}
        </ul>
        <div className="flex flex-col items-center gap-2">
          <p className="text-muted-foreground text-sm">
            Showing {rows.length} {rows.length === 1 ? 'transaction' : 'transactions'}
            {transactions.hasNextPage ? ' (more below)' : ''}
          </p>
          {transactions.hasNextPage && (
            <Button
              variant="outline"
              onClick={() => transactions.fetchNextPage()}
              disabled={transactions.isFetchingNextPage}
            >
              {transactions.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </Button>
          )}
        </div>
      </ListStates>

      <DetailsDialog
        shown={shown}
        onClose={() => setShown(null)}
        onReceipt={(sale) => setReceipt(sale)}
        onRefund={(sale) => setRefunding(sale)}
        onVoid={(sale) => setVoiding(sale)}
      />
      <ReceiptDialog sale={receipt} closeLabel="Close" onOpenChange={(open) => open || setReceipt(null)} />
      <RefundDialog
        sale={refunding}
        onClose={() => setRefunding(null)}
        onRefunded={(result) => {
          setRefunding(null);
          setShown(result.original);
          setReceipt(result.refund);
        }}
      />
      <VoidDialog sale={voiding} onClose={() => setVoiding(null)} />
    </section>
  );
}

function TransactionRow({ sale, onOpen }: { sale: HistorySale; onOpen: () => void }) {
  const items = sale.items.reduce((sum, item) => sum + Math.abs(item.quantity), 0);
  const isRefund = sale.transaction_type === 'refund';
  return (
    <Card className="p-0" data-testid="transaction-row">
      <button
        type="button"
        onClick={onOpen}
        className="grid w-full gap-2 rounded-xl p-4 text-left hover:bg-muted/50 focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        aria-label={`Transaction ${sale.receipt_number}, ${formatCedis(sale.total_amount)}`}
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="flex min-w-0 flex-wrap items-center gap-2">
            <span className="break-all font-medium font-mono text-sm">{sale.receipt_number}</span>
            <StatusBadges sale={sale} />
            <MethodBadge method={sale.payment_method} />
          </span>
          <span className={`font-semibold tabular-nums ${isRefund ? 'text-destructive' : ''}`}>
            {formatCedis(sale.total_amount)}
          </span>
        </div>
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground text-sm">
          <span>{formatDateTime(sale.created_at, sale.business.timezone)}</span>
          <span>{sale.customer?.name ?? 'Walk-in customer'}</span>
          <span>
            Cashier: {sale.cashier.first_name} {sale.cashier.last_name}
          </span>
          <span>
            {items} {items === 1 ? 'item' : 'items'}
          </span>
        </div>
        {sale.notes && (
          <p className="line-clamp-2 whitespace-pre-line text-muted-foreground text-sm">{sale.notes}</p>
        )}
      </button>
    </Card>
  );
}

function Filters({
  filters,
  onChange,
}: {
  filters: TransactionFilters;
  onChange: (changes: Partial<Record<keyof TransactionFilters, string | undefined>>) => void;
}) {
  const business = useBusiness();
  const cashiers = useTransactionCashiers();
  const hasFilters = Object.keys(filters).length > 0;
  return (
    <Card className="grid gap-4 p-4">
      <SearchField
        label="Search transactions"
        placeholder="Search receipt number or notes..."
        value={filters.search ?? ''}
        onSettled={(text) => onChange({ search: text.trim() || undefined })}
      />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <div className="grid gap-1.5">
          <Label htmlFor="filter-method">Payment method</Label>
          <NativeSelect
            id="filter-method"
            value={filters.payment_method ?? ''}
            onChange={(event) => onChange({ payment_method: event.target.value || undefined })}
          >
            <option value="">All methods</option>
            {SALE_PAYMENT_METHODS.map((method) => (
              <option key={method} value={method}>
                {PAYMENT_METHOD_LABELS[method]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="filter-status">Status</Label>
          <NativeSelect
            id="filter-status"
            value={filters.payment_status ?? ''}
            onChange={(event) => onChange({ payment_status: event.target.value || undefined })}
          >
            <option value="">All statuses</option>
            {PAYMENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="filter-cashier">Cashier</Label>
          <NativeSelect
            id="filter-cashier"
            value={filters.cashier_id ?? ''}
            onChange={(event) => onChange({ cashier_id: event.target.value || undefined })}
          >
            <option value="">All cashiers</option>
            {cashiers.data?.cashiers.map((cashier) => (
              <option key={cashier.id} value={cashier.id}>
                {cashier.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="filter-from">From</Label>
          <Input
            id="filter-from"
            type="date"
            value={filters.date_from ?? ''}
            max={filters.date_to}
            onChange={(event) => onChange({ date_from: event.target.value || undefined })}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="filter-to">To</Label>
          <Input
            id="filter-to"
            type="date"
            value={filters.date_to ?? ''}
            min={filters.date_from}
            onChange={(event) => onChange({ date_to: event.target.value || undefined })}
          />
        </div>
      </div>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Quick date ranges</legend>
        {QUICK_RANGES.map((range) => {
          const days = quickRange(range, new Date(), business.timezone);
          const isActive = filters.date_from === days.from && filters.date_to === days.to;
          return (
            <Button
              key={range}
              size="sm"
              variant={isActive ? 'default' : 'outline'}
              aria-pressed={isActive}
              onClick={() => onChange({ date_from: days.from, date_to: days.to })}
            >
              {range}
            </Button>
          );
        })}
        {hasFilters && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              onChange({
                search: undefined,
                payment_method: undefined,
                payment_status: undefined,
                cashier_id: undefined,
                customer_id: undefined,
                date_from: undefined,
                date_to: undefined,
              });
            }}
          >
            Clear filters
          </Button>
        )}
      </fieldset>
    </Card>
  );
}
