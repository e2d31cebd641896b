import { ArrowDownUpIcon, ClockIcon, FileTextIcon, LockIcon, PlayCircleIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { formatTime } from '#domain/dates.ts';
import { formatCedis } from '#domain/money.ts';
import type { ShiftDetail } from '#domain/schemas/shifts.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useCurrentShift } from '#web/lib/api/shifts.ts';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { deferredDialog } from '#web/lib/load-on-use.tsx';
import { tillIdFor } from '#web/lib/till-id.ts';

// The strip is on the till's first screen; its dialogs load once the till is on screen.
const OpenShiftDialog = deferredDialog(
  () => import('./open-shift-dialog.tsx').then((module) => module.OpenShiftDialog),
  (props) => props.open,
);
const CashMovementDialog = deferredDialog(
  () => import('./cash-movement-dialog.tsx').then((module) => module.CashMovementDialog),
  (props) => props.open,
);
const CloseShiftDialog = deferredDialog(
  () => import('./close-shift-dialog.tsx').then((module) => module.CloseShiftDialog),
  (props) => props.open,
);
const ZReportDialog = deferredDialog(
  () => import('./z-report-dialog.tsx').then((module) => module.ZReportDialog),
  (props) => props.shift !== null,
);

type Panel = 'open' | 'cash' | 'close' | null;

/**
 * The till's shift strip: with no shift open, a prompt to open one (selling still works: a shift is not
 * required, docs/decisions.md); with one open, its float and expected cash, cash in/out and Close shift.
 */
export function ShiftBar() {
  const slug = useBusinessSlug();
  const tillId = useMemo(() => tillIdFor(slug), [slug]);
  const current = useCurrentShift(tillId);
  const [panel, setPanel] = useState<Panel>(null);
  const [report, setReport] = useState<ShiftDetail | null>(null);
  const shift = current.data?.shift ?? null;

  if (current.isPending) return <Skeleton className="h-12 w-full rounded-lg" aria-label="Loading shift" />;
  if (current.isError) {
    return (
      <p role="status" className="rounded-lg border border-dashed px-3 py-2 text-muted-foreground text-sm">
        Shift status could not be loaded: {current.error.message}
      </p>
    );
  }
  return (
    <>
      {shift ? (
        <section
          aria-label="Shift"
          className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm dark:border-emerald-900 dark:bg-emerald-950/40"
        >
          <p className="flex min-w-0 flex-1 basis-56 items-center gap-2">
            <ClockIcon
              className="size-4 shrink-0 text-emerald-700 dark:text-emerald-400"
              aria-hidden="true"
            />
            <span className="min-w-0">
              <span className="font-medium">Shift open</span> on {shift.till_name} since{' '}
              {formatTime(shift.opened_at, shift.shop.timezone)} · Float {formatCedis(shift.opening_float)} ·
              Expected in drawer{' '}
              <span className="font-medium tabular-nums" data-testid="shift-expected">
                {formatCedis(shift.expected_cash ?? shift.figures.expected_cash)}
              </span>
              {shift.till_id !== tillId && <span className="text-muted-foreground"> (another till)</span>}
            </span>
          </p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="outline" onClick={() => setReport(shift)}>
              <FileTextIcon aria-hidden="true" />X report
            </Button>
            <Button size="sm" variant="outline" onClick={() => setPanel('cash')}>
              <ArrowDownUpIcon aria-hidden="true" />
              Cash in/out
            </Button>
            <Button size="sm" variant="outline" onClick={() => setPanel('close')}>
              <LockIcon aria-hidden="true" />
              Close shift
            </Button>
          </div>
        </section>
      ) : (
        <section
          aria-label="Shift"
          className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm dark:border-amber-900 dark:bg-amber-950/40"
        >
          <p className="min-w-0 flex-1 basis-56">
            {current.data?.till_taken_by ? (
              <>
                <span className="font-medium">
                  {current.data.till_taken_by}'s shift is open on this till.
                </span>{' '}
                Sales you make here are not counted in it.
              </>
            ) : (
              <>
                <span className="font-medium">No shift open.</span> Open a shift with your float so the drawer
                can be cashed up at the end of the day.
              </>
            )}
          </p>
          {!current.data?.till_taken_by && (
            <Button size="sm" onClick={() => setPanel('open')}>
              <PlayCircleIcon aria-hidden="true" />
              Open shift
            </Button>
          )}
        </section>
      )}
      <OpenShiftDialog
        tillId={tillId}
        open={panel === 'open'}
        onOpenChange={(open) => setPanel(open ? 'open' : null)}
      />
      {shift && (
        <>
          <CashMovementDialog
            shift={shift}
            open={panel === 'cash'}
            onOpenChange={(open) => setPanel(open ? 'cash' : null)}
          />
          <CloseShiftDialog
            shift={shift}
            open={panel === 'close'}
            onOpenChange={(open) => setPanel(open ? 'close' : null)}
            onClosed={(closed) => {
              setPanel(null);
              setReport(closed);
            }}
          />
        </>
      )}
      <ZReportDialog shift={report} onOpenChange={(open) => !open && setReport(null)} />
    </>
  );
}
