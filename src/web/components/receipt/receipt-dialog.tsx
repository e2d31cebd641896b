import { MailIcon, PlusCircleIcon, PrinterIcon } from 'lucide-react';
import { useState } from 'react';
import type { Sale } from '#domain/schemas/sales.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { useEmailReceipt } from '#web/lib/api/email-receipt.ts';
import type { PaperWidth } from '#web/lib/receipt-format.ts';
import { hasFeature, useMe } from '#web/lib/session.ts';
import { toast } from '#web/lib/toast.ts';
import { PaperWidthPicker, PrintOnPaper } from './paper-print.tsx';
import { Receipt } from './receipt.tsx';

type ReceiptDialogProps = {
  sale: Sale | null;
  onOpenChange: (open: boolean) => void;
  /** The label of the closing button: 'New sale' right after a sale, 'Close' for a reprint. */
  closeLabel?: string;
};

export function ReceiptDialog({ sale, onOpenChange, closeLabel = 'New sale' }: ReceiptDialogProps) {
  // The business's paper (Settings → Receipts) at each opening; the buttons switch it for this print only.
  const settingsPaper: PaperWidth = sale?.business.receipt?.paper_width ?? '80';
  const [choice, setChoice] = useState<{ receipt: string; paper: PaperWidth } | null>(null);
  const paper = choice && choice.receipt === sale?.receipt_number ? choice.paper : settingsPaper;
  const choosePaper = (next: PaperWidth) => {
    if (sale) setChoice({ receipt: sale.receipt_number, paper: next });
  };
  // Settings → Business: a shop without a receipt printer (receipt_printing off) shows and emails receipts.
  const canPrint = hasFeature(useMe().data, 'receipt_printing');
  return (
    <Dialog open={sale !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        {sale && (
          <>
            <DialogHeader>
              <DialogTitle>Receipt {sale.receipt_number}</DialogTitle>
              <DialogDescription>
                {canPrint
                  ? 'Print it, email it to the customer, or start the next sale.'
                  : 'Email it to the customer, or start the next sale.'}
              </DialogDescription>
            </DialogHeader>
            <div className="max-h-[50dvh] overflow-y-auto rounded-md border bg-neutral-100 p-3 dark:bg-neutral-800">
              <Receipt sale={sale} paper={paper} className="shadow-sm" />
            </div>
            {canPrint && <PaperWidthPicker paper={paper} onChoose={choosePaper} />}
            <EmailReceiptForm sale={sale} />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              {canPrint && (
                <Button variant="outline" onClick={() => window.print()}>
                  <PrinterIcon aria-hidden="true" />
                  Print
                </Button>
              )}
              <Button autoFocus onClick={() => onOpenChange(false)}>
                <PlusCircleIcon aria-hidden="true" />
                {closeLabel}
              </Button>
            </div>
            {canPrint && (
              <PrintOnPaper paper={paper}>
                <Receipt sale={sale} paper={paper} />
              </PrintOnPaper>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function EmailReceiptForm({ sale }: { sale: Sale }) {
  const [email, setEmail] = useState(sale.customer?.email ?? '');
  const emailReceipt = useEmailReceipt();
  return (
    <form
      className="grid gap-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const address = email.trim();
        emailReceipt.mutate(
          { saleId: sale.id, ...(address ? { email: address } : {}) },
          {
            onSuccess: () =>
              toast.success('Receipt sent', { description: `Emailed to ${address || 'the customer'}.` }),
            onError: (error) => toast.error('Receipt not sent', { description: error.message }),
          },
        );
      }}
    >
      <Label htmlFor="receipt-email">Email receipt</Label>
      <div className="flex gap-2">
        <Input
          id="receipt-email"
          type="email"
          autoComplete="off"
          placeholder="customer@example.com"
          value={email}
          aria-invalid={emailReceipt.error?.message ? true : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" variant="secondary" disabled={emailReceipt.isPending}>
          <MailIcon aria-hidden="true" />
          {emailReceipt.isPending ? 'Sending…' : 'Send'}
        </Button>
      </div>
    </form>
  );
}
