// What other modules and the demo data may use of the sales module.
export { type CreateSaleInput, createSale, createSaleWithRetry } from './create-sale.ts';
export { describeDemoSales, seedDemoSales } from './demo-sales.ts';
// The dashboard counts takings the way the history does.
export { COUNTS_AS_REVENUE } from './history.ts';
export { findSale, type SaleRecord, toSale } from './queries.ts';
