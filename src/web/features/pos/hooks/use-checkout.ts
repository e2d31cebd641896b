import { useEffect, useRef, useState } from 'react';
import type { Cart } from '#domain/cart.ts';
import type { ReceiptBusiness, Sale } from '#domain/schemas/sales.ts';
import { isApiError } from '#web/lib/api-client.ts';
import { useBusiness } from '#web/lib/business-context.tsx';
import { getOne, putOne } from '#web/lib/offline/local-db.ts';
import { addToOutbox } from '#web/lib/offline/outbox.ts';
import { isOnline } from '#web/lib/offline/status.ts';
import { useMe } from '#web/lib/session.ts';
import { tillIdFor } from '#web/lib/till-id.ts';
import { toast } from '#web/lib/toast.ts';
import { useCreateSale } from '../api/create-sale.ts';
import { useSale } from '../api/get-sale.ts';
import { type PendingAction, usePendingPayment } from '../api/pending-payment.ts';
import { saleInput, type TenderLine } from '../lib/checkout.ts';
import { buildOfflineSale, canSellOffline } from '../lib/offline-sale.ts';

/** The receipt's business details, kept from the last sale made online (a till offline cannot ask). */
export const RECEIPT_BUSINESS_KEY = 'receipt-business';

/** operations §4: a completed cash payment closes the dialog after 2 seconds. */
export const COMPLETED_CLOSE_MS = 2000;

/** Where a checkout stands (operations §4 Payment dialog states). */
export type CheckoutPhase = 'idle' | 'completed' | 'pending' | 'failed';

type CheckoutOptions = {
  cart: Cart;
  /** Loyalty points of the cart's customer redeemed on this sale. */
  redeemPoints?: number;
  /** The sale exists: the cart it came from must be cleared so it is never sold twice. */
  onSaleCreated: (sale: Sale) => void;
  /** Done with a sale: called COMPLETED_CLOSE_MS after it completed. */
  onFinished: (sale: Sale) => void;
  /** Whether a request is on its way (the dialog may not be closed meanwhile). */
  onBusyChange: (busy: boolean) => void;
  /** The sale's payment failed or was cancelled (its stock is back): the cart returns for another try. */
  onRestoreCart: (cart: Cart) => void;
};

/**
 * One checkout: sends the sale once per attempt with its Idempotency-Key, follows a pending payment until
 * the server confirms or fails it, and says which state the dialog shows.
 */
export function useCheckout({
  cart,
  redeemPoints = 0,
  onSaleCreated,
  onFinished,
  onBusyChange,
  onRestoreCart,
}: CheckoutOptions) {
  const createSale = useCreateSale();
  const business = useBusiness();
  const me = useMe().data;
  const [isSavingOffline, setSavingOffline] = useState(false);
  const pendingPayment = usePendingPayment();
  const [actionError, setActionError] = useState<string | null>(null);
  const [phase, setPhase] = useState<CheckoutPhase>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const [createdSale, setCreatedSale] = useState<Sale | null>(null);
  // One Idempotency-Key per checkout attempt: a retry of the same request reuses it (never a second sale);
  // a changed request is a new attempt with a new key.
  const attempt = useRef<{ key: string; body: string; cart: Cart } | null>(null);
  const inFlight = useRef(false);
  // A discount above the business's limit: a manager or owner approves it with their PIN on this till.
  const [approval, setApproval] = useState<{
    reason: string;
    error: string | null;
    payments: TenderLine[];
  } | null>(null);

  useEffect(
    () => onBusyChange(createSale.isPending || isSavingOffline),
    [createSale.isPending, isSavingOffline, onBusyChange],
  );

  /**
   * No connection: a cash sale completes here and waits in the outbox (issue 15). Its receipt number is the
   * till's own (OFF-…); the prices are the ones on the screen; the same id is sent later as its key.
   */
  async function saveOffline(payments: TenderLine[], saleId: string, notes?: string) {
    setSavingOffline(true);
    try {
      const slug = business.slug;
      const stored = await getOne<ReceiptBusiness>(slug, 'meta', RECEIPT_BUSINESS_KEY).catch(() => undefined);
      const receiptBusiness: ReceiptBusiness = stored ?? {
        name: business.name,
        address: '',
        phone: null,
        tax_id: null,
        receipt_footer: null,
        timezone: business.timezone,
        currency: business.currency,
      };
      const at = new Date();
      const entry = await addToOutbox(slug, (sequence) => {
        const built = buildOfflineSale({
          cart,
          payments,
          saleId,
          tillId: tillIdFor(slug),
          sequence,
          at,
          business: receiptBusiness,
          cashier: {
            id: me?.user.id ?? '00000000-0000-4000-8000-000000000000',
            first_name: me?.user.first_name ?? '',
            last_name: me?.user.last_name ?? '',
          },
          notes,
        });
        return { id: saleId, created_at: at.toISOString(), body: built.body, sale: built.sale };
      });
      setApproval(null);
      setCreatedSale(entry.sale);
      onSaleCreated(entry.sale);
      setPhase('completed');
      toast.success('Sale saved on this till', {
        description: `${entry.sale.receipt_number} will be sent when the connection is back.`,
      });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
      setPhase('failed');
      toast.error('The sale could not be saved', {
        description: error instanceof Error ? error.message : String(error),
      });
    } finally {
      setSavingOffline(false);
      inFlight.current = false;
    }
  }

  // Read again when the event stream says the payment moved (useSalePaymentEvents on the till page).
  const polled = useSale(phase === 'pending' ? (createdSale?.id ?? null) : null);
  const sale = polled.data ?? createdSale;
  const shownPhase: CheckoutPhase =
    phase === 'pending' && sale?.payment_status === 'completed'
      ? 'completed'
      : phase === 'pending' && (sale?.payment_status === 'failed' || sale?.payment_status === 'cancelled')
        ? 'failed'
        : phase;

  const finish = useRef(onFinished);
  finish.current = onFinished;
  // operations §8: a payment the provider refused (or the cashier cancelled) is announced once, like a failed
  // request.
  const failedSaleId =
    shownPhase === 'failed' && phase === 'pending' && sale?.payment_status === 'failed' ? sale.id : null;
  const failedReason = sale?.payments.find((payment) => payment.failure_reason)?.failure_reason ?? null;
  useEffect(() => {
    if (!failedSaleId) return;
    toast.error('Payment failed', { description: failedReason ?? 'Unknown error occurred' });
  }, [failedSaleId, failedReason]);

  const completedSale = shownPhase === 'completed' ? sale : null;
  useEffect(() => {
    if (!completedSale) return;
    const timer = setTimeout(() => finish.current(completedSale), COMPLETED_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [completedSale]);

  function submit(payments: TenderLine[], approverPin?: string) {
    // Two clicks can land before the button re-renders disabled: the ref stops the second.
    if (inFlight.current) return;
    inFlight.current = true;
    const input = {
      ...saleInput(cart, payments),
      ...(redeemPoints > 0 ? { redeem_points: redeemPoints } : {}),
      ...(approverPin ? { approver_pin: approverPin } : {}),
    };
    const body = JSON.stringify(input);
    if (attempt.current?.body !== body) attempt.current = { key: crypto.randomUUID(), body, cart };
    // The key is the sale's own id too: a sale that falls back to the outbox keeps it, so the server records
    // it once even if this request reached it after all.
    const saleId = attempt.current.key;
    setFailure(null);
    if (!isOnline() && canSellOffline(payments) && !approverPin) {
      void saveOffline(payments, saleId, input.notes ?? undefined);
      return;
    }
    createSale.mutate(
      { input: { ...input, id: saleId }, idempotencyKey: saleId },
      {
        onSettled: () => {
          inFlight.current = false;
        },
        onSuccess: ({ sale: created }) => {
          void putOne(business.slug, 'meta', created.business, RECEIPT_BUSINESS_KEY).catch(() => undefined);
          setApproval(null);
          setCreatedSale(created);
          onSaleCreated(created);
          setPhase(
            created.payment_status === 'completed'
              ? 'completed'
              : created.payment_status === 'pending'
                ? 'pending'
                : 'failed',
          );
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'DISCOUNT_APPROVAL_REQUIRED') {
            setApproval({ reason: error.message, error: null, payments });
            return;
          }
          if (approverPin && isApiError(error) && error.code.startsWith('APPROVER_')) {
            setApproval({ reason: approval?.reason ?? '', error: error.message, payments });
            return;
          }
          // The network went (or the server did not answer in time): a cash sale completes offline.
          if (isApiError(error) && error.status === 0 && canSellOffline(payments) && !approverPin) {
            inFlight.current = true;
            void saveOffline(payments, saleId, input.notes ?? undefined);
            return;
          }
          setApproval(null);
          setFailure(error.message);
          setPhase('failed');
          toast.error('Payment failed', { description: error.message || 'Unknown error occurred' });
        },
      },
    );
  }

  return {
    phase: shownPhase,
    sale,
    /** The request's error message when it failed (not a payment the provider refused). */
    failure,
    isSubmitting: createSale.isPending || isSavingOffline,
    submit,
    /** The discount approval asked for, while the manager's PIN dialog is open. */
    approval,
    approve: (pin: string) => approval && submit(approval.payments, pin),
    cancelApproval: () => setApproval(null),
    /**
     * Back to the form. After a failed request the same request keeps its key; after a payment that failed or
     * was cancelled the cart comes back and the next checkout is a new sale.
     */
    tryAgain: () => {
      if (sale && (sale.payment_status === 'failed' || sale.payment_status === 'cancelled')) {
        if (attempt.current) onRestoreCart(attempt.current.cart);
        attempt.current = null;
        setCreatedSale(null);
      }
      setActionError(null);
      setPhase('idle');
    },
    /** A pending payment: ask again, send the customer's code, or cancel the sale. */
    pendingAction: (action: PendingAction) => {
      setActionError(null);
      pendingPayment.mutate(action, {
        onSuccess: ({ sale: updated }) => setCreatedSale(updated),
        onError: (error) => setActionError(error.message),
      });
    },
    isActing: pendingPayment.isPending,
    actionError,
  };
}
