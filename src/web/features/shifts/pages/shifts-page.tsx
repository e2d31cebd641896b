import { useQueryClient } from '@tanstack/react-query';
import { ArrowDownUpIcon, FileTextIcon, LockIcon, TimerIcon } from 'lucide-react';
import { useState } from 'react';
import { formatDateTime } from '#domain/dates.ts';
import { formatCedis } from '#domain/money.ts';
import { DIFFERENCE_PERIODS, type ShiftDetail, type ShiftSummary } from '#domain/schemas/shifts.ts';
import { describeDifference, differenceKind } from '#domain/shifts.ts';
import { EmptyState, ErrorState, LoadingList } from '#web/components/list-states.tsx';
import { NativeSelect } from '#web/components/native-select.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { CashMovementDialog } from '#web/components/shifts/cash-movement-dialog.tsx';
import { CloseShiftDialog } from '#web/components/shifts/close-shift-dialog.tsx';
import { ZReportDialog } from '#web/components/shifts/z-report-dialog.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#web/components/ui/table.tsx';
import { type ShiftStatusFilter, useShift, useShiftDifferences, useShifts } from '#web/lib/api/shifts.ts';
import { useBusiness, useBusinessSlug } from '#web/lib/business-context.tsx';
import { cn } from '#web/lib/cn.ts';
import { useLiveEvents } from '#web/lib/live-events.ts';
import { invalidateAfter } from '#web/lib/query-keys.ts';
import { canDo, useMe } from '#web/lib/session.ts';

const FILTERS: { value: ShiftStatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
];

type Action = { id: string; kind: 'report' | 'cash' | 'close' };

/** /app/shifts: managers and owners see every shift; anyone else who sells sees their own. */
export function ShiftsPage() {
  const me = useMe();
  const canSeeAll = canDo(me.data, 'manage_shifts');
  const [status, setStatus] = useState<ShiftStatusFilter>('all');
  const shifts = useShifts(status);
  const [action, setAction] = useState<Action | null>(null);
  const queryClient = useQueryClient();
  const slug = useBusinessSlug();
  // A shift opened or closed at a till shows here at once.
  useLiveEvents({
    slug,
    onEvent: (event) => {
      if (event.type === 'shift.changed') void invalidateAfter.shiftChange(queryClient, slug);
    },
    onResync: () => void invalidateAfter.shiftChange(queryClient, slug),
  });

  return (
    <section className="grid grid-cols-[minmax(0,1fr)] gap-6" aria-labelledby="shifts-title">
      <PageHeader
        titleId="shifts-title"
        title="Shifts"
        description={
          canSeeAll
            ? 'Every till’s shifts, open ones first, with the cash counted at closing.'
            : 'Your shifts, open ones first, with the cash counted at closing.'
        }
      />

      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Show shifts</legend>
        {FILTERS.map((filter) => (
          <Button
            key={filter.value}
            size="sm"
            variant={status === filter.value ? 'default' : 'outline'}
            aria-pressed={status === filter.value}
            onClick={() => setStatus(filter.value)}
          >
            {filter.label}
          </Button>
        ))}
      </fieldset>

      {shifts.isPending ? (
        <LoadingList
          count={3}
          className="grid gap-3"
          placeholder={() => <Skeleton className="h-24 rounded-xl" />}
        />
      ) : shifts.isError ? (
        <ErrorState title="Error Loading Shifts" message={shifts.error.message} />
      ) : shifts.data.shifts.length === 0 ? (
        <EmptyState icon={TimerIcon} title="No shifts yet">
          {status === 'all'
            ? 'Open a shift from the till (POS) with your float; it shows here until it is closed and after.'
            : `No ${status} shifts.`}
        </EmptyState>
      ) : (
        <ul className="grid gap-3" aria-label="Shifts">
          {shifts.data.shifts.map((shift) => (
            <ShiftRow key={shift.id} shift={shift} onAction={(kind) => setAction({ id: shift.id, kind })} />
          ))}
        </ul>
      )}

      {canSeeAll && <DifferencesByCashier />}
      {action && <ShiftActionHost action={action} onChange={setAction} />}
    </section>
  );
}

function ShiftRow({ shift, onAction }: { shift: ShiftSummary; onAction: (kind: Action['kind']) => void }) {
  const { timezone } = useBusiness();
  const isOpen = shift.status === 'open';
  return (
    <li aria-label={`${shift.cashier.name}, ${shift.till_name}`}>
      <Card className="grid gap-3 p-4 md:grid-cols-[minmax(0,1fr)_auto] md:items-center">
        <div className="grid min-w-0 gap-1">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold">{shift.cashier.name}</span>
            <span className="text-muted-foreground">·</span>
            <span>{shift.till_name}</span>
            <Badge variant={isOpen ? 'default' : 'secondary'}>{isOpen ? 'Open' : 'Closed'}</Badge>
          </p>
          <p className="text-muted-foreground text-sm">
            {formatDateTime(shift.opened_at, timezone)}
            {shift.closed_at && ` – ${formatDateTime(shift.closed_at, timezone)}`} · Float{' '}
            {formatCedis(shift.opening_float)}
          </p>
          {!isOpen &&
            shift.expected_cash !== null &&
            shift.counted_cash !== null &&
            shift.difference !== null && (
              <p className="text-sm">
                Expected {formatCedis(shift.expected_cash)} · Counted {formatCedis(shift.counted_cash)} ·{' '}
                <span
                  className={cn(
                    'font-medium',
                    differenceKind(shift.difference) === 'short' && 'text-destructive',
                    differenceKind(shift.difference) === 'over' && 'text-amber-700 dark:text-amber-400',
                  )}
                >
                  {describeDifference(shift.difference)}
                </span>
              </p>
            )}
        </div>
        <div className="flex flex-wrap gap-2">
          {isOpen ? (
            <>
              <Button size="sm" variant="outline" onClick={() => onAction('report')}>
                <FileTextIcon aria-hidden="true" />X report
              </Button>
              <Button size="sm" variant="outline" onClick={() => onAction('cash')}>
                <ArrowDownUpIcon aria-hidden="true" />
                Cash in/out
              </Button>
              <Button size="sm" onClick={() => onAction('close')}>
                <LockIcon aria-hidden="true" />
                Close shift
              </Button>
            </>
          ) : (
            <Button size="sm" variant="outline" onClick={() => onAction('report')}>
              <FileTextIcon aria-hidden="true" />Z report
            </Button>
          )}
        </div>
      </Card>
    </li>
  );
}

/** Loads the chosen shift and shows the dialog for what was asked: its report, cash in/out, or closing. */
function ShiftActionHost({
  action,
  onChange,
}: {
  action: Action;
  onChange: (action: Action | null) => void;
}) {
  const shift = useShift(action.id);
  const [closed, setClosed] = useState<ShiftDetail | null>(null);
  const dismiss = (open: boolean) => !open && onChange(null);
  if (closed) return <ZReportDialog shift={closed} onOpenChange={dismiss} />;
  if (shift.isError) return <ErrorState title="Error Loading Shift" message={shift.error.message} />;
  if (!shift.data) return null;
  if (action.kind === 'report') return <ZReportDialog shift={shift.data} onOpenChange={dismiss} />;
  if (shift.data.status === 'closed') return <ZReportDialog shift={shift.data} onOpenChange={dismiss} />;
  if (action.kind === 'cash') return <CashMovementDialog shift={shift.data} open onOpenChange={dismiss} />;
  return <CloseShiftDialog shift={shift.data} open onOpenChange={dismiss} onClosed={setClosed} />;
}

/** Each cashier's closed shifts over time: how many, and how much over and short in all. */
function DifferencesByCashier() {
  const [days, setDays] = useState<number | null>(30);
  const differences = useShiftDifferences(days);
  return (
    <section className="grid grid-cols-[minmax(0,1fr)] gap-3" aria-labelledby="differences-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="differences-title" className="font-semibold text-lg">
          Cash differences by cashier
        </h2>
        <div className="grid gap-1.5">
          <Label htmlFor="differences-period">Shifts closed in</Label>
          <NativeSelect
            id="differences-period"
            value={days === null ? 'all' : String(days)}
            onChange={(event) => setDays(event.target.value === 'all' ? null : Number(event.target.value))}
          >
            {DIFFERENCE_PERIODS.map((period) => (
              <option key={period} value={period}>
                Last {period} days
              </option>
            ))}
            <option value="all">All time</option>
          </NativeSelect>
        </div>
      </div>
      {differences.isPending ? (
        <Skeleton className="h-24 rounded-xl" />
      ) : differences.isError ? (
        <ErrorState title="Error Loading Differences" message={differences.error.message} />
      ) : differences.data.cashiers.length === 0 ? (
        <EmptyState>No shifts closed in this period.</EmptyState>
      ) : (
        <Card className="p-0">
          <Table aria-labelledby="differences-title">
            <TableHeader>
              <TableRow>
                <TableHead>Cashier</TableHead>
                <TableHead className="text-right">Shifts</TableHead>
                <TableHead className="whitespace-normal text-right">Total over</TableHead>
                <TableHead className="whitespace-normal text-right">Total short</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {differences.data.cashiers.map((row) => (
                <TableRow key={row.cashier_id}>
                  <TableCell className="font-medium">{row.cashier_name}</TableCell>
                  <TableCell className="text-right tabular-nums">{row.shifts}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatCedis(row.total_over)}</TableCell>
                  <TableCell
                    className={cn('text-right tabular-nums', row.total_short > 0 && 'text-destructive')}
                  >
                    {formatCedis(row.total_short)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}
    </section>
  );
}
