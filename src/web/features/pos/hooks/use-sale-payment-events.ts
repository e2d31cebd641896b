import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useBusinessSlug } from '#web/lib/business-context.tsx';
import { useLiveEvents } from '#web/lib/live-events.ts';
import { invalidateAfter } from '#web/lib/query-keys.ts';

/**
 * The till listens to the server's event stream for its business: when a card or mobile-money payment settles,
 * fails or is cancelled (a provider's webhook on any server instance, the reconciliation job, another till),
 * the sale and everything it touched are read again — the payment dialog, the customer display's status, the
 * grid's stock. No polling. When the stream (re)opens or says events were missed, the same reads are made,
 * so an answer that came while it was closed is not lost.
 */
export function useSalePaymentEvents(): void {
  const queryClient = useQueryClient();
  const slug = useBusinessSlug();
  const status = useLiveEvents({
    slug,
    onEvent: (event) => {
      if (event.type === 'sale.payment_status') void invalidateAfter.salePaymentChange(queryClient, slug);
      // A manager closed this cashier's shift from another screen: the till's shift strip reads it again.
      if (event.type === 'shift.changed') void invalidateAfter.shiftChange(queryClient, slug);
    },
    onResync: () => void invalidateAfter.salePaymentChange(queryClient, slug),
  });
  useEffect(() => {
    if (status === 'open') void invalidateAfter.salePaymentChange(queryClient, slug);
  }, [status, queryClient, slug]);
}
