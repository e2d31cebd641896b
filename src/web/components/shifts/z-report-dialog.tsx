import { PrinterIcon } from 'lucide-react';
import { useState } from 'react';
import type { ShiftDetail } from '#domain/schemas/shifts.ts';
import { PaperWidthPicker, PrintOnPaper } from '#web/components/receipt/paper-print.tsx';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import type { PaperWidth } from '#web/lib/receipt-format.ts';
import { useMe } from '#web/lib/session.ts';
import { ZReport } from './z-report.tsx';

/** A shift's Z report (an X report while it is open) with the paper width and Print. */
export function ZReportDialog({
  shift,
  onOpenChange,
}: {
  shift: ShiftDetail | null;
  onOpenChange: (open: boolean) => void;
}) {
  // The business's receipt paper (Settings → Receipts); the buttons switch it for this print only.
  const settingsPaper: PaperWidth = useMe().data?.business.receipt?.paper_width ?? '80';
  const [choice, setChoice] = useState<PaperWidth | null>(null);
  const paper = choice ?? settingsPaper;
  const isClosed = shift?.status === 'closed';
  return (
    <Dialog open={shift !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        {shift && (
          <>
            <DialogHeader>
              <DialogTitle>{isClosed ? 'Z report' : 'X report'}</DialogTitle>
              <DialogDescription>
                {isClosed
                  ? `${shift.cashier.name}'s shift on ${shift.till_name}, closed and final.`
                  : `A reading of ${shift.cashier.name}'s open shift on ${shift.till_name}.`}
              </DialogDescription>
            </DialogHeader>
            <div className="max-h-[50dvh] overflow-y-auto rounded-md border bg-neutral-100 p-3 dark:bg-neutral-800">
              <ZReport shift={shift} paper={paper} className="shadow-sm" />
            </div>
            <PaperWidthPicker paper={paper} onChoose={setChoice} />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Close
              </Button>
              <Button autoFocus onClick={() => window.print()}>
                <PrinterIcon aria-hidden="true" />
                Print
              </Button>
            </div>
            <PrintOnPaper paper={paper}>
              <ZReport shift={shift} paper={paper} />
            </PrintOnPaper>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
