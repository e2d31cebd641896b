import { type ComponentProps, lazy, Suspense, useEffect, useState } from 'react';
import type { HistorySale } from '#domain/schemas/transactions.ts';

// The till's after-sale dialogs (receipt, refund, void) load after the till is on screen, while the cashier
// rings up the first sale, instead of before the till can sell: a phone on 3G downloads less first.

const loadReceipt = () => import('#web/components/receipt/receipt-dialog.tsx');
const loadReversal = () =>
  Promise.all([
    import('#web/components/sale-reversal/refund-dialog.tsx'),
    import('#web/components/sale-reversal/void-dialog.tsx'),
  ]);

const LazyReceiptDialog = lazy(() => loadReceipt().then((module) => ({ default: module.ReceiptDialog })));
const LazyRefundDialog = lazy(() => loadReversal().then(([refund]) => ({ default: refund.RefundDialog })));
const LazyVoidDialog = lazy(() => loadReversal().then(([, voiding]) => ({ default: voiding.VoidDialog })));

/** Starts loading the after-sale dialogs once the browser is idle after the till's first paint. */
function usePreload(load: () => Promise<unknown>) {
  useEffect(() => {
    const start = () => void load().catch(() => undefined);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(start, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(start, 1000);
    return () => window.clearTimeout(id);
  }, [load]);
}

/**
 * True from the first time the dialog has something to show: from then on it stays mounted, so that it closes
 * with its animation and keeps its state like the dialog it stands for.
 */
function useWanted(isOpen: boolean): boolean {
  const [isWanted, setWanted] = useState(isOpen);
  if (isOpen && !isWanted) setWanted(true);
  return isOpen || isWanted;
}

type ReceiptProps = ComponentProps<typeof LazyReceiptDialog>;

/** The receipt dialog (same props), loaded after the till is on screen. */
export function ReceiptDialog(props: ReceiptProps) {
  usePreload(loadReceipt);
  if (!useWanted(props.sale !== null)) return null;
  return (
    <Suspense fallback={null}>
      <LazyReceiptDialog {...props} />
    </Suspense>
  );
}

/** The refund dialog (same props), loaded after the till is on screen. */
export function RefundDialog(props: ComponentProps<typeof LazyRefundDialog> & { sale: HistorySale | null }) {
  usePreload(loadReversal);
  if (!useWanted(props.sale !== null)) return null;
  return (
    <Suspense fallback={null}>
      <LazyRefundDialog {...props} />
    </Suspense>
  );
}

/** The void dialog (same props), loaded after the till is on screen. */
export function VoidDialog(props: ComponentProps<typeof LazyVoidDialog> & { sale: HistorySale | null }) {
  usePreload(loadReversal);
  if (!useWanted(props.sale !== null)) return null;
  return (
    <Suspense fallback={null}>
      <LazyVoidDialog {...props} />
    </Suspense>
  );
}
