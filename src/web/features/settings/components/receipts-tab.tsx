import { SaveIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import {
  RECEIPT_PAPER_WIDTHS,
  RECEIPT_SHOW_LABELS,
  RECEIPT_SHOW_OPTIONS,
  type ReceiptSettings,
} from '#domain/business-settings.ts';
import type { SettingsResponse } from '#domain/schemas/settings.ts';
import { Receipt } from '#web/components/receipt/receipt.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { useMe } from '#web/lib/session.ts';
import { toast } from '#web/lib/toast.ts';
import { useSaveSettings } from '../api/settings.ts';
import { previewSale } from '../lib/preview-sale.ts';

/** Settings → Receipts: the paper and what a printed receipt shows, with a live preview by the real renderer. */
export function ReceiptsTab({ settings }: { settings: SettingsResponse }) {
  const save = useSaveSettings('receipt');
  const me = useMe().data;
  const [receipt, setReceipt] = useState<ReceiptSettings>(settings.receipt);
  const sale = previewSale(settings.profile, receipt, settings.tax.prices_include_tax, {
    first_name: me?.user.first_name ?? 'Esi',
    last_name: me?.user.last_name ?? 'Owusu',
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(receipt, {
      onSuccess: () => toast.success('Receipt settings saved'),
      onError: (failure) => toast.error('Could not save', { description: failure.message }),
    });
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_auto]">
      <form noValidate onSubmit={submit} className="grid content-start gap-6" aria-label="Receipt settings">
        <Card className="grid gap-4 p-4 sm:p-6">
          <fieldset className="grid gap-2">
            <legend className="mb-1 font-semibold text-lg">Paper width</legend>
            <div className="flex flex-wrap gap-2">
              {RECEIPT_PAPER_WIDTHS.map((width) => (
                <label
                  key={width}
                  className="flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 has-[:checked]:border-primary has-[:checked]:bg-primary/5"
                >
                  <input
                    type="radio"
                    name="paper-width"
                    className="size-4 accent-[var(--primary)]"
                    checked={receipt.paper_width === width}
                    onChange={() => setReceipt({ ...receipt, paper_width: width })}
                  />
                  {width} mm
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset className="grid gap-3">
            <legend className="mb-1 font-semibold text-lg">Show on the receipt</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {RECEIPT_SHOW_OPTIONS.map((option) => (
                <div key={option} className="flex items-center gap-2">
                  <Switch
                    id={`receipt-${option}`}
                    checked={receipt[option]}
                    onCheckedChange={(checked) => setReceipt({ ...receipt, [option]: checked })}
                  />
                  <Label htmlFor={`receipt-${option}`} className="font-normal">
                    {RECEIPT_SHOW_LABELS[option]}
                  </Label>
                </div>
              ))}
            </div>
            <p className="text-muted-foreground text-xs">
              The logo, address, phone, tax ID and footer come from the Business tab.
            </p>
          </fieldset>
        </Card>
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Spinner label="Saving" /> : <SaveIcon aria-hidden="true" />}
            {save.isPending ? 'Saving…' : 'Save receipt settings'}
          </Button>
        </div>
      </form>
      <section aria-labelledby="receipt-preview-title" className="grid content-start gap-2">
        <h2 id="receipt-preview-title" className="font-semibold text-lg">
          Preview ({receipt.paper_width} mm)
        </h2>
        <div className="max-w-full overflow-x-auto rounded-md border bg-neutral-100 p-3 dark:bg-neutral-800">
          <Receipt sale={sale} paper={receipt.paper_width} className="shadow-sm" />
        </div>
      </section>
    </div>
  );
}
