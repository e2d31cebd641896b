import { useEffect, useRef } from 'react';
import type { Sale } from '#domain/schemas/sales.ts';
import { useTransaction } from '#web/lib/api/reverse-sale.ts';
import { toast } from '#web/lib/toast.ts';
import { RefundDialog, VoidDialog } from './deferred-dialogs.tsx';

export type Reversal = { mode: 'refund' | 'void'; saleId: string };

/**
 * A refund or void started at the till: the sale is read again (what is left to refund), then the same dialogs
 * as the transaction history. A cashier's attempt asks for a manager's or owner's PIN on this till.
 */
export function TillReversal({
  reversal,
  onClose,
  onRefunded,
}: {
  reversal: Reversal | null;
  onClose: () => void;
  onRefunded: (refund: Sale) => void;
}) {
  const transaction = useTransaction(reversal?.saleId ?? null);
  const failure = reversal && transaction.isError ? transaction.error.message : null;
  const mode = reversal?.mode;
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!failure) return;
    toast.error(mode === 'refund' ? 'Failed to refund transaction' : 'Failed to void transaction', {
      description: failure,
    });
    close.current();
  }, [failure, mode]);
  const sale = transaction.data && transaction.data.id === reversal?.saleId ? transaction.data : null;
  return (
    <>
      <RefundDialog
        sale={reversal?.mode === 'refund' ? sale : null}
        onClose={onClose}
        onRefunded={(result) => onRefunded(result.refund)}
      />
      <VoidDialog sale={reversal?.mode === 'void' ? sale : null} onClose={onClose} />
    </>
  );
}
