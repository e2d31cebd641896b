import { useState } from 'react';
import type { HistorySale } from '#domain/schemas/transactions.ts';
import { ApproverPinDialog } from '#web/components/approver-pin-dialog.tsx';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '#web/components/ui/alert-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useVoid } from '#web/lib/api/reverse-sale.ts';
import { isApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { ReasonField } from './reason-field.tsx';

/** operations §4 Void: "Are you sure you want to void transaction {receipt}?", the reason optional. */
export function VoidDialog({ sale, onClose }: { sale: HistorySale | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [approval, setApproval] = useState<{ reason: string; error: string | null } | null>(null);
  const voiding = useVoid();

  function close() {
    setReason('');
    setApproval(null);
    voiding.reset();
    onClose();
  }

  function submit(approverPin?: string) {
    if (!sale) return;
    // Awaited rather than through mutate's callbacks: closing the dialog while the void is on its way resets the
    // mutation, and those callbacks skip a reset (or unmounted) observer: the sale was voided but nothing said so.
    voiding
      .mutateAsync({ id: sale.id, input: { reason: reason.trim() || undefined, approver_pin: approverPin } })
      .then(
        () => {
          toast.success('Transaction voided', { description: `${sale.receipt_number} has been voided.` });
          close();
        },
        (error: Error) => {
          if (isApiError(error) && error.code === 'APPROVAL_REQUIRED') {
            setApproval({ reason: error.message, error: null });
          } else if (isApiError(error) && error.code.startsWith('APPROVER_')) {
            setApproval((current) => ({ reason: current?.reason ?? '', error: error.message }));
          } else {
            setApproval(null);
            toast.error('Failed to void transaction', { description: error.message });
          }
        },
      );
  }

  return (
    <>
      <AlertDialog open={sale !== null && approval === null} onOpenChange={(open) => open || close()}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Void transaction</AlertDialogTitle>
            <AlertDialogDescription>
              Are you sure you want to void transaction {sale?.receipt_number}? Its items go back into stock
              and the sale no longer counts.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <ReasonField value={reason} onChange={setReason} placeholder="No reason provided" />
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <Button variant="destructive" disabled={voiding.isPending} onClick={() => submit()}>
              {voiding.isPending ? 'Voiding…' : 'Void transaction'}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      <ApproverPinDialog
        open={approval !== null}
        reason={approval?.reason ?? ''}
        error={approval?.error}
        isSubmitting={voiding.isPending}
        onApprove={(pin) => submit(pin)}
        onCancel={close}
      />
    </>
  );
}
