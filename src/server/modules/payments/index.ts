// What other modules may use of payments: the checkout checks a sale's tenders before making it and starts
// its non-cash payments at the provider once it is committed; the server runs the reconciliation job.
export {
  checkTendersBeforeSale,
  createPaymentReconciler,
  reconcilePayments,
  startSalePayments,
} from './payment-flow.ts';
export {
  markRefundRecorded,
  type ProviderPayment,
  refuseCashWhileRefundInDoubt,
  sendRefundToProvider,
  sentBackNote,
} from './refunds.ts';
