import { useQuery } from '@tanstack/react-query';
import {
  AlertTriangleIcon,
  BanknoteIcon,
  CalendarIcon,
  CheckCircle2Icon,
  PackageIcon,
  ReceiptIcon,
  UsersIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { formatTime } from '#domain/dates.ts';
import { formatCedis } from '#domain/money.ts';
import { PAYMENT_METHOD_LABELS } from '#domain/payment-methods.ts';
import type { DashboardResponse } from '#domain/schemas/transactions.ts';
import { ErrorState } from '#web/components/list-states.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { StatCard } from '#web/components/stat-card.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { api } from '#web/lib/api-client.ts';
import { useBusiness } from '#web/lib/business-context.tsx';
import { CACHE_TIMES, queryKeys } from '#web/lib/query-keys.ts';
import { useMe } from '#web/lib/session.ts';

function useDashboard() {
  const slug = useBusiness().slug;
  return useQuery({
    queryKey: queryKeys.dashboard(slug),
    queryFn: ({ signal }) => api.get<DashboardResponse>('/api/v1/dashboard', { signal }),
    staleTime: CACHE_TIMES.stats,
  });
}

function changeNote(percent: number | null): string {
  if (percent === null) return 'No sales yesterday to compare';
  const sign = percent > 0 ? '+' : '';
  return `${sign}${percent}% from yesterday`;
}

/** operations §2 Dashboard: the owner's and manager's landing page. */
function DashboardPage() {
  const business = useBusiness();
  const me = useMe().data;
  const dashboard = useDashboard();
  const data = dashboard.data;
  const moreLow = data ? data.low_stock_count - data.low_stock.length : 0;
  return (
    <section className="grid gap-6" aria-labelledby="dashboard-title">
      <PageHeader
        titleId="dashboard-title"
        title={me ? `Welcome back, ${me.user.first_name}!` : 'Welcome back!'}
        description={`Here is how ${business.name} is doing today.`}
      />
      {dashboard.isError && <ErrorState title="Error Loading Dashboard" message={dashboard.error.message} />}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard
          label="Today's Sales"
          icon={BanknoteIcon}
          value={data && formatCedis(data.today_sales)}
          note={data && changeNote(data.today_change_percent)}
        />
        <StatCard
          label="Total Products"
          icon={PackageIcon}
          value={data?.total_products.toLocaleString('en-GH')}
          note={data && `${data.low_stock_count} low on stock`}
          tone={data && data.low_stock_count > 0 ? 'warning' : 'default'}
        />
        <StatCard
          label="Active Customers"
          icon={UsersIcon}
          value={data?.active_customers.toLocaleString('en-GH')}
          note={data && `of ${data.total_customers} total`}
        />
        <StatCard
          label="Monthly Revenue"
          icon={CalendarIcon}
          value={data && formatCedis(data.month_revenue)}
          note={data && `${data.month_count} ${data.month_count === 1 ? 'transaction' : 'transactions'}`}
        />
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Card className="grid min-w-0 grid-cols-1 content-start gap-3 p-4">
          <div className="flex items-center justify-between gap-2">
            <h2 className="font-semibold text-lg">Recent Transactions</h2>
            <Link to="/app/transactions" className="text-primary text-sm underline-offset-4 hover:underline">
              View all
            </Link>
          </div>
          {!data ? (
            <Rows />
          ) : data.recent.length === 0 ? (
            <p className="py-6 text-center text-muted-foreground">No recent transactions</p>
          ) : (
            <ul className="grid grid-cols-1 gap-2" aria-label="Recent transactions">
              {data.recent.map((sale) => (
                <li key={sale.id} className="flex items-center justify-between gap-3 rounded-lg border p-3">
                  <span className="flex min-w-0 items-center gap-3">
                    <ReceiptIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                    <span className="grid min-w-0">
                      <span className="truncate font-mono text-sm">{sale.receipt_number}</span>
                      <span className="text-muted-foreground text-xs">
                        {sale.item_count} {sale.item_count === 1 ? 'item' : 'items'} ·{' '}
                        {PAYMENT_METHOD_LABELS[sale.payment_method]}
                        {sale.payment_status === 'cancelled' && ' · Voided'}
                        {sale.payment_status === 'refunded' && ' · Refunded'}
                      </span>
                    </span>
                  </span>
                  <span className="grid shrink-0 text-right">
                    <span className="font-medium tabular-nums">{formatCedis(sale.total_amount)}</span>
                    <span className="text-muted-foreground text-xs">
                      {formatTime(sale.created_at, business.timezone)}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card className="grid min-w-0 grid-cols-1 content-start gap-3 p-4">
          <h2 className="flex items-center gap-2 font-semibold text-lg">
            <AlertTriangleIcon className="size-5 text-amber-600" aria-hidden="true" />
            Low Stock Alert
          </h2>
          {!data ? (
            <Rows />
          ) : data.low_stock.length === 0 ? (
            <p className="flex items-center justify-center gap-2 py-6 text-muted-foreground">
              <CheckCircle2Icon className="size-5 text-emerald-600" aria-hidden="true" />
              All products are well stocked!
            </p>
          ) : (
            <>
              <ul className="grid grid-cols-1 gap-2" aria-label="Low stock products">
                {data.low_stock.map((product) => (
                  <li
                    key={product.id}
                    className="flex items-center justify-between gap-3 rounded-lg border p-3"
                  >
                    <span className="truncate font-medium">{product.name}</span>
                    <span className="shrink-0 text-amber-700 text-sm dark:text-amber-400">
                      {product.stock_quantity} left (min {product.min_stock_level})
                    </span>
                  </li>
                ))}
              </ul>
              {moreLow > 0 && (
                <Link
                  to="/app/products?low_stock=true"
                  className="text-primary text-sm underline-offset-4 hover:underline"
                >
                  +{moreLow} more products need restocking
                </Link>
              )}
            </>
          )}
        </Card>
      </div>
    </section>
  );
}

function Rows() {
  return (
    <div className="grid gap-2" aria-busy="true">
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} className="h-14 rounded-lg" />
      ))}
    </div>
  );
}

export default DashboardPage;
