// What other modules may use of loyalty points: the sales module plans and records a sale's points inside the
// sale's transaction, reverses them with its refunds, voids and failed payments, and reads them for receipts.

export { loyaltyOfTransactions } from './queries.ts';
export { loyaltyRoutes } from './routes.ts';
export {
  earnOnCompletion,
  planSalePoints,
  recordSalePoints,
  reverseSalePoints,
  type SalePointsPlan,
} from './sale-points.ts';
