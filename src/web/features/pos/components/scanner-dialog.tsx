import { lazy, Suspense } from 'react';
import { Dialog, DialogContent, DialogTitle } from '#web/components/ui/dialog.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';

// The camera code and its barcode reader are their own chunk, fetched when the dialog first opens.
const ScannerPanel = lazy(() => import('../scanner/scanner-panel.tsx'));

type ScannerDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A code read by the camera (after the §4 delay) or typed in manual entry. */
  onCode: (code: string) => void;
};

export function ScannerDialog({ open, onOpenChange, onCode }: ScannerDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        {open && (
          <Suspense
            fallback={
              <div className="flex h-48 items-center justify-center">
                <DialogTitle className="sr-only">Scan barcode</DialogTitle>
                <Spinner label="Loading scanner" className="size-6 text-primary" />
              </div>
            }
          >
            <ScannerPanel onCode={onCode} />
          </Suspense>
        )}
      </DialogContent>
    </Dialog>
  );
}
