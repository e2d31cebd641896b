import { formatDateTime } from '#domain/dates.ts';
import { describeRates, LOYALTY_REASON_LABELS } from '#domain/loyalty.ts';
import { formatCedis } from '#domain/money.ts';
import type { Customer } from '#domain/schemas/customers.ts';
import type { LoyaltyEntry } from '#domain/schemas/loyalty.ts';
import { ErrorState } from '#web/components/list-states.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useCustomerLoyalty } from '#web/lib/api/loyalty.ts';
import { useBusiness } from '#web/lib/business-context.tsx';

/** A customer's points: the balance, the program's rates and every change, newest first, with its receipt. */
export function PointsHistoryDialog({
  customer,
  onClose,
}: {
  customer: Customer | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={customer !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        {customer && <PointsHistory customer={customer} />}
      </DialogContent>
    </Dialog>
  );
}

function PointsHistory({ customer }: { customer: Customer }) {
  const loyalty = useCustomerLoyalty(customer.id);
  const data = loyalty.data;
  return (
    <>
      <DialogHeader>
        <DialogTitle>Points history: {customer.name}</DialogTitle>
        <DialogDescription>
          {data
            ? `Balance ${data.balance.toLocaleString('en-GH')} points. ${data.settings.is_enabled ? describeRates(data.settings) : 'The loyalty program is off.'}`
            : 'Loading the balance…'}
        </DialogDescription>
      </DialogHeader>
      {loyalty.isError ? (
        <ErrorState title="Error Loading Points" message={loyalty.error.message} />
      ) : !data ? (
        <div className="grid gap-2" role="status" aria-label="Loading points">
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      ) : data.entries.length === 0 ? (
        <p className="rounded-md border border-dashed p-6 text-center text-muted-foreground text-sm">
          No points yet. Points are earned on sales to this customer while the loyalty program is on.
        </p>
      ) : (
        <ol className="grid gap-2" aria-label="Points changes">
          {data.entries.map((entry) => (
            <PointsLine key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
    </>
  );
}

function PointsLine({ entry }: { entry: LoyaltyEntry }) {
  const business = useBusiness();
  const isGain = entry.delta > 0;
  const receipt = entry.refund_receipt_number ?? entry.receipt_number;
  return (
    <li className="flex items-start justify-between gap-3 rounded-md border p-3 text-sm">
      <div className="grid min-w-0 gap-0.5">
        <span className="font-medium">
          {LOYALTY_REASON_LABELS[entry.reason]}
          {entry.value > 0 && ` (${formatCedis(entry.value)} off)`}
        </span>
        <span className="truncate text-muted-foreground text-xs">
          {[receipt, formatDateTime(entry.created_at, business.timezone), entry.by]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </div>
      <div className="grid shrink-0 justify-items-end gap-0.5">
        <span
          className={`font-semibold tabular-nums ${isGain ? 'text-emerald-700 dark:text-emerald-400' : 'text-destructive'}`}
        >
          {isGain ? '+' : ''}
          {entry.delta.toLocaleString('en-GH')}
        </span>
        <span className="text-muted-foreground text-xs tabular-nums">
          Balance {entry.balance_after.toLocaleString('en-GH')}
        </span>
      </div>
    </li>
  );
}
