// What other modules and the demo data may use of the sales module.
export { type CreateSaleInput, createSale, createSaleWithRetry } from './create-sale.ts';
export { describeDemoSales, seedDemoSales } from './demo-sales.ts';
export { SALE_ERRORS } from './errors.ts';
// The dashboard counts takings the way the history does.
export { COUNTS_AS_REVENUE } from './history.ts';
// The payments module records what a provider said about a payment; the sale's status changes only there.
export {
  cancelPendingSale,
  type OutcomeResult,
  type PaymentOutcome,
  recordPaymentOutcome,
  type SaleStatusChange,
} from './payment-outcome.ts';
export { findSale, type SaleRecord, toSale } from './queries.ts';
