import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '#web/components/ui/button.tsx';
import { PAPER_WIDTHS, type PaperWidth } from '#web/lib/receipt-format.ts';

// What goes to a receipt printer (receipts, Z reports): on paper only that copy prints, everything else on
// the page is hidden, and the page is the paper's width.
function printStyles(paper: PaperWidth): string {
  return `
.pos-print-root { display: none; }
@media print {
  @page { size: ${paper}mm auto; margin: 0; }
  html, body { background: #fff !important; }
  body > :not(.pos-print-root) { display: none !important; }
  .pos-print-root { display: block !important; }
  .pos-print-root .pos-receipt { width: ${paper}mm; padding: 2mm 3mm; }
}`;
}

/** The copy `window.print()` sends to paper, kept out of sight on screen. */
export function PrintOnPaper({ paper, children }: { paper: PaperWidth; children: ReactNode }) {
  return createPortal(
    <div className="pos-print-root">
      <style>{printStyles(paper)}</style>
      {children}
    </div>,
    document.body,
  );
}

/** The 80 / 58 mm buttons; a choice here is for this print only (Settings → Receipts keeps the shop's own). */
export function PaperWidthPicker({
  paper,
  onChoose,
}: {
  paper: PaperWidth;
  onChoose: (paper: PaperWidth) => void;
}) {
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">Paper width</legend>
      <span className="text-muted-foreground text-sm">Paper</span>
      {PAPER_WIDTHS.map((width) => (
        <Button
          key={width}
          size="sm"
          variant={paper === width ? 'default' : 'outline'}
          aria-pressed={paper === width}
          onClick={() => onChoose(width)}
        >
          {width} mm
        </Button>
      ))}
    </fieldset>
  );
}
