import { PrinterIcon } from 'lucide-react';
import { useState } from 'react';
import { LABEL_SHEET, labelName, layoutLabelSheets, MAX_LABEL_COPIES } from '#domain/catalog/label-sheet.ts';
import { formatCedis } from '#domain/money.ts';
import type { ProductLabel } from '#domain/schemas/catalog.ts';
import { Alert, AlertDescription } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useProductLabels } from '../api/get-product-labels.ts';
import { BarcodeSvg } from './barcode-svg.tsx';

// Printing shows only the sheet: everything else on the page (the app behind the dialog included) is hidden,
// and the page is A4 without the browser's margins, so labels land on the label stock.
const PRINT_STYLE = `
@media print {
  @page { size: A4; margin: 0; }
  body * { visibility: hidden !important; }
  [data-label-sheets], [data-label-sheets] * { visibility: visible !important; }
  [data-label-sheets] { position: absolute; inset: 0 auto auto 0; }
  [data-label-page] { box-shadow: none !important; margin: 0 !important; break-after: page; transform: none !important; }
}`;

type LabelsDialogProps = { open: boolean; productIds: string[]; onOpenChange: (open: boolean) => void };

/** A printable sheet of barcode labels (name, price, barcode) for the chosen products. */
export function LabelsDialog({ open, productIds, onOpenChange }: LabelsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Print barcode labels</DialogTitle>
          <DialogDescription>
            A4 sheets of {LABEL_SHEET.columns} × {LABEL_SHEET.rows} labels ({LABEL_SHEET.labelWidthMm} ×{' '}
            {LABEL_SHEET.labelHeightMm} mm). Choose how many of each to print.
          </DialogDescription>
        </DialogHeader>
        {open && <LabelSheets productIds={productIds} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function LabelSheets({ productIds, onDone }: { productIds: string[]; onDone: () => void }) {
  const labels = useProductLabels(productIds);
  const [copies, setCopies] = useState<Record<string, string>>({});
  const copiesOf = (id: string) => {
    const value = Number(copies[id] ?? '1');
    return Number.isInteger(value) && value >= 0 ? Math.min(value, MAX_LABEL_COPIES) : 0;
  };
  const pages = layoutLabelSheets(
    (labels.data ?? []).map((label) => ({ item: label, copies: copiesOf(label.id) })),
  );

  if (labels.isPending) return <Skeleton className="h-40" />;
  if (labels.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription>{labels.error.message}</AlertDescription>
      </Alert>
    );
  }
  return (
    <div className="grid gap-4">
      <style>{PRINT_STYLE}</style>
      <ul className="grid gap-2 sm:grid-cols-2">
        {labels.data.map((label) => (
          <li key={label.id} className="flex items-center gap-3 rounded-lg border p-2">
            <span className="min-w-0 flex-1 truncate text-sm">{label.name}</span>
            <label
              className="flex items-center gap-2 text-muted-foreground text-sm"
              htmlFor={`copies-${label.id}`}
            >
              Copies
              <Input
                id={`copies-${label.id}`}
                type="number"
                inputMode="numeric"
                min="0"
                max={MAX_LABEL_COPIES}
                step="1"
                className="w-20"
                value={copies[label.id] ?? '1'}
                onChange={(event) => setCopies((current) => ({ ...current, [label.id]: event.target.value }))}
              />
            </label>
          </li>
        ))}
      </ul>
      <p className="text-muted-foreground text-sm">
        {pages.reduce((sum, page) => sum + page.length, 0)} labels on {pages.length}{' '}
        {pages.length === 1 ? 'sheet' : 'sheets'}.
      </p>
      <div className="max-h-[50dvh] overflow-auto rounded-lg bg-muted p-3" data-label-sheets>
        {pages.map((page, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a sheet is its position in the print run
          <SheetPage key={index} labels={page} />
        ))}
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Close
        </Button>
        <Button type="button" onClick={() => window.print()} disabled={pages.length === 0}>
          <PrinterIcon aria-hidden="true" />
          Print
        </Button>
      </DialogFooter>
    </div>
  );
}

function SheetPage({ labels }: { labels: ProductLabel[] }) {
  const sheet = LABEL_SHEET;
  return (
    <div
      data-label-page
      className="mx-auto mb-3 bg-white text-black shadow"
      style={{
        width: `${sheet.pageWidthMm}mm`,
        height: `${sheet.pageHeightMm}mm`,
        paddingLeft: `${sheet.marginLeftMm}mm`,
        paddingTop: `${sheet.marginTopMm}mm`,
        display: 'grid',
        gridTemplateColumns: `repeat(${sheet.columns}, ${sheet.labelWidthMm}mm)`,
        gridAutoRows: `${sheet.labelHeightMm}mm`,
        columnGap: `${sheet.columnGapMm}mm`,
        alignContent: 'start',
      }}
    >
      {labels.map((label, index) => {
        const code = label.barcode ?? label.sku;
        return (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: copies of one label differ only by position
            key={index}
            className="flex flex-col items-center justify-between overflow-hidden px-[2mm] py-[1.5mm]"
            data-testid="label"
          >
            <p className="w-full truncate text-center font-medium text-[9pt] leading-tight">
              {labelName(label.name)}
            </p>
            <p className="font-bold text-[12pt] leading-none">{formatCedis(label.price)}</p>
            {code ? (
              <BarcodeSvg code={code} className="h-[15mm] w-full" />
            ) : (
              <p className="text-[8pt]">No barcode</p>
            )}
          </div>
        );
      })}
    </div>
  );
}
