import { FileUpIcon } from 'lucide-react';
import { useState } from 'react';
import { PRODUCT_CSV_COLUMNS } from '#domain/catalog/product-csv.ts';
import { MAX_IMPORT_BYTES } from '#domain/schemas/catalog.ts';
import { Alert, AlertDescription, AlertTitle } from '#web/components/ui/alert.tsx';
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
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/lib/toast.ts';
import { useApplyImport, usePreviewImport } from '../api/import-products.ts';

/**
 * Import products from CSV: the file is checked first and every row's problems are listed; it can be applied
 * only when none remain, and then it is applied whole, in one transaction.
 */
export function ImportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Import products</DialogTitle>
          <DialogDescription>
            A CSV file with the columns {PRODUCT_CSV_COLUMNS.join(', ')} (name and price are required; prices
            in cedis). Rows update the product with the same SKU, or else the same barcode; other rows add new
            products.
          </DialogDescription>
        </DialogHeader>
        {open && <ImportSteps onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function ImportSteps({ onDone }: { onDone: () => void }) {
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const preview = usePreviewImport();
  const apply = useApplyImport();

  const choose = async (chosen: File | undefined) => {
    preview.reset();
    apply.reset();
    setFile(null);
    setReadError(null);
    if (!chosen) return;
    if (chosen.size > MAX_IMPORT_BYTES) {
      setReadError('The file is too large (at most 30 MB)');
      return;
    }
    const text = await chosen.text();
    setFile({ name: chosen.name, text });
    preview.mutate(text);
  };

  const result = preview.data;
  const canApply =
    result !== undefined &&
    result.file_errors.length === 0 &&
    result.invalid_rows === 0 &&
    result.valid_rows > 0;
  const problem = readError ?? preview.error?.message ?? apply.error?.message ?? null;

  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor="import-file">CSV file</Label>
        <Input
          id="import-file"
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => choose(event.target.files?.[0])}
        />
      </div>
      {preview.isPending && (
        <p className="flex items-center gap-2 text-muted-foreground text-sm">
          <Spinner label="Checking" /> Checking {file?.name}…
        </p>
      )}
      {problem && (
        <Alert variant="destructive">
          <AlertTitle>The file cannot be imported</AlertTitle>
          <AlertDescription>{problem}</AlertDescription>
        </Alert>
      )}
      {result && result.file_errors.length > 0 && (
        <Alert variant="destructive">
          <AlertTitle>The file cannot be read as products</AlertTitle>
          <AlertDescription>
            <ul className="list-disc pl-4">
              {result.file_errors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          </AlertDescription>
        </Alert>
      )}
      {result && result.file_errors.length === 0 && (
        <div className="grid gap-3" data-testid="import-preview">
          <p className="text-sm">
            <strong>{result.total_rows}</strong> rows: <strong>{result.create_count}</strong> new,{' '}
            <strong>{result.update_count}</strong> to update
            {result.invalid_rows > 0 && (
              <>
                , <strong className="text-destructive">{result.invalid_rows} with errors</strong>
              </>
            )}
            .{result.new_categories.length > 0 && ` New categories: ${result.new_categories.join(', ')}.`}
          </p>
          {result.invalid_rows > 0 && (
            <>
              <p className="text-destructive text-sm">
                Nothing is imported while a row has errors. Fix these rows in the file and choose it again.
              </p>
              <div className="max-h-64 overflow-auto rounded-lg border">
                <table className="w-full text-left text-sm">
                  <thead className="sticky top-0 bg-muted">
                    <tr>
                      <th className="px-3 py-2 font-medium">Line</th>
                      <th className="px-3 py-2 font-medium">Product</th>
                      <th className="px-3 py-2 font-medium">Errors</th>
                    </tr>
                  </thead>
                  <tbody>
                    {result.rows
                      .filter((row) => row.errors.length > 0)
                      .map((row) => (
                        <tr key={row.line} className="border-t align-top">
                          <td className="px-3 py-2 tabular-nums">{row.line}</td>
                          <td className="max-w-40 truncate px-3 py-2">{row.name || '—'}</td>
                          <td className="px-3 py-2 text-destructive">{row.errors.join('; ')}</td>
                        </tr>
                      ))}
                  </tbody>
                </table>
              </div>
              {result.invalid_rows > result.rows.filter((row) => row.errors.length > 0).length && (
                <p className="text-muted-foreground text-xs">Showing the first 500 rows with errors.</p>
              )}
            </>
          )}
        </div>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button
          type="button"
          disabled={!canApply || apply.isPending || !file}
          onClick={() => {
            if (!file) return;
            // Awaited rather than through mutate's callbacks: the dialog may be closed while the import is on
            // its way, which unmounts these steps, and those callbacks skip an unmounted component: the
            // products and their stock changed but nothing said so. A failure shows from apply.error, as before.
            apply.mutateAsync(file.text).then(
              (done) => {
                toast.success('Products imported', {
                  description: `${done.created} added, ${done.updated} updated${done.categories_created ? `, ${done.categories_created} new categories` : ''}`,
                });
                onDone();
              },
              () => undefined,
            );
          }}
        >
          {apply.isPending ? <Spinner label="Importing" /> : <FileUpIcon aria-hidden="true" />}
          {result && canApply ? `Import ${result.valid_rows} products` : 'Import'}
        </Button>
      </DialogFooter>
    </div>
  );
}
