import { useInfiniteQuery } from '@tanstack/react-query';
import { ScrollTextIcon } from 'lucide-react';
import { AUDIT_ACTIONS, type AuditAction } from '#domain/audit.ts';
import { formatDateTime } from '#domain/dates.ts';
import { formatCedis } from '#domain/money.ts';
import type { AuditEntryView, AuditListQuery, AuditListResponse } from '#domain/schemas/transactions.ts';
import { auditListQuery } from '#domain/schemas/transactions.ts';
import { EmptyState, ErrorState, ListStates, LoadingList } from '#web/components/list-states.tsx';
import { NativeSelect } from '#web/components/native-select.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { api } from '#web/lib/api-client.ts';
import { useBusiness, useBusinessSlug } from '#web/lib/business-context.tsx';
import { CACHE_TIMES, queryKeys } from '#web/lib/query-keys.ts';
import { useAddressParams } from '#web/lib/use-address-params.ts';

const ACTION_LABELS: Record<AuditAction, string> = {
  sale_refunded: 'Refund',
  sale_voided: 'Void',
  override_approved: 'Approval',
  discount_above_limit: 'Discount above limit',
  stock_adjusted: 'Stock adjusted',
  price_changed: 'Price changed',
  employee_created: 'Employee added',
  employee_role_changed: 'Role changed',
  employee_deactivated: 'Employee deactivated',
  employee_reactivated: 'Employee reactivated',
  employee_removed: 'Employee removed',
  employee_pin_regenerated: 'PIN regenerated',
  till_device_trusted: 'Till device trusted',
  till_device_revoked: 'Till device revoked',
  discount_limit_changed: 'Discount limit changed',
  payment_settings_changed: 'Payment settings changed',
  shift_opened: 'Shift opened',
  shift_closed: 'Shift closed',
  shift_cash_in: 'Cash in',
  shift_cash_out: 'Cash out',
  loyalty_settings_changed: 'Loyalty settings changed',
  business_settings_changed: 'Business settings changed',
  role_permissions_changed: 'Role permissions changed',
};

type Filters = Omit<AuditListQuery, 'cursor'>;

function readFilters(params: URLSearchParams): Filters {
  const parsed = auditListQuery.safeParse({
    action: params.get('action') || undefined,
    date_from: params.get('date_from') || undefined,
    date_to: params.get('date_to') || undefined,
  });
  if (!parsed.success) return {};
  const { cursor: _cursor, ...filters } = parsed.data;
  return filters;
}

function useAuditLog(filters: Filters) {
  const slug = useBusinessSlug();
  return useInfiniteQuery({
    queryKey: queryKeys.auditLog.list(slug, filters),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
      if (pageParam) params.set('cursor', pageParam);
      return api.get<AuditListResponse>(`/api/v1/audit-log?${params}`, { signal });
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    staleTime: CACHE_TIMES.transactions,
  });
}

/** The audit log: who did what and when, with before and after, the reason and the approver (managers, owners). */
function AuditLogPage() {
  const [params, changeAddress] = useAddressParams();
  const filters = readFilters(params);
  const log = useAuditLog(filters);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const set = (key: keyof Filters, value: string) => changeAddress({ [key]: value });
  return (
    <section className="grid gap-6" aria-labelledby="audit-title">
      <PageHeader
        titleId="audit-title"
        title="Audit Log"
        description="Refunds, voids, approvals, discounts above the limit, stock and price changes and staff changes. Lines are never changed or removed."
      />
      <Card className="grid grid-cols-1 gap-3 p-4 sm:grid-cols-3">
        <div className="grid gap-1.5">
          <Label htmlFor="audit-action">What</Label>
          <NativeSelect
            id="audit-action"
            value={filters.action ?? ''}
            onChange={(e) => set('action', e.target.value)}
          >
            <option value="">Everything</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {ACTION_LABELS[action]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-from">From</Label>
          <Input
            id="audit-from"
            type="date"
            value={filters.date_from ?? ''}
            onChange={(e) => set('date_from', e.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-to">To</Label>
          <Input
            id="audit-to"
            type="date"
            value={filters.date_to ?? ''}
            onChange={(e) => set('date_to', e.target.value)}
          />
        </div>
      </Card>
      <ListStates
        query={log}
        isEmpty={entries.length === 0}
        loading={
          <LoadingList
            count={5}
            className="grid gap-3"
            placeholder={() => <Skeleton className="h-20 rounded-xl" />}
          />
        }
        error={(message) => <ErrorState title="Error Loading Audit Log" message={message} />}
        empty={
          <EmptyState icon={ScrollTextIcon} title="Nothing recorded yet">
            Refunds, voids and approvals show here as they happen.
          </EmptyState>
        }
      >
        <ul className="grid gap-3" aria-label="Audit log">
          {entries.map((entry) => (
            <li key={entry.id}>
              <AuditLine entry={entry} />
            </li>
          ))}
        </ul>
        {log.hasNextPage && (
          <div className="flex justify-center">
            <Button variant="outline" onClick={() => log.fetchNextPage()} disabled={log.isFetchingNextPage}>
              {log.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </Button>
          </div>
        )}
      </ListStates>
    </section>
  );
}

/** 'discount amount: ₵27.50 · payment status: completed' — money keys in cedis, lists by their names. */
function describe(values: Record<string, unknown> | null): string | null {
  if (!values) return null;
  return Object.entries(values)
    .map(([key, value]) => {
      const label = key.replace(/_/g, ' ');
      if (typeof value === 'number' && /(amount|subtotal|price|total)$/.test(key))
        return `${label}: ${formatCedis(value)}`;
      if (Array.isArray(value)) return `${label}: ${value.map(describeItem).join(', ')}`;
      if (typeof value === 'boolean') return `${label}: ${value ? 'yes' : 'no'}`;
      return `${label}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`;
    })
    .join(' · ');
}

/** A refunded line ('Milo 400g Tin × 1, back in stock'), or any other listed value as it reads. */
function describeItem(item: unknown): string {
  if (typeof item !== 'object' || item === null) return String(item);
  const { product, quantity, restocked } = item as {
    product?: unknown;
    quantity?: unknown;
    restocked?: unknown;
  };
  if (typeof product !== 'string' || typeof quantity !== 'number') return Object.values(item).join(' ');
  const stock = restocked === undefined ? '' : restocked ? ', back in stock' : ', written off';
  return `${product} × ${quantity}${stock}`;
}

function AuditLine({ entry }: { entry: AuditEntryView }) {
  const business = useBusiness();
  const before = describe(entry.before);
  const after = describe(entry.after);
  return (
    <Card className="grid gap-1.5 p-4 text-sm" data-testid="audit-line">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="flex flex-wrap items-center gap-2">
          <Badge variant="outline">{ACTION_LABELS[entry.action]}</Badge>
          <span className="font-medium [overflow-wrap:anywhere]">{entry.summary}</span>
        </span>
        <span className="text-muted-foreground">
          {formatDateTime(entry.created_at, business.timezone, { seconds: true })}
        </span>
      </div>
      <p className="text-muted-foreground">
        By {entry.actor_name}
        {entry.approver_name && `, approved by ${entry.approver_name}`}
        {entry.reason && ` · Reason: ${entry.reason}`}
      </p>
      {(before || after) && (
        <p className="text-muted-foreground text-xs [overflow-wrap:anywhere]">
          {before && <>Before: {before}. </>}
          {after && <>After: {after}.</>}
        </p>
      )}
    </Card>
  );
}

export default AuditLogPage;
