// What other modules may use of the catalog: the stock a sale takes and a refund or void gives back (inside the
// caller's transaction, through the catalog's one stock rule), the product lookup and a new business's starter
// categories.

// The dashboard's product card and low-stock alert.
export { productSummary } from './catalog-figures.ts';
export { PRODUCT_NOT_FOUND } from './errors.ts';
export { findProduct, productsWithCategory } from './product-rows.ts';
// A till's sync: the products written since its cursor.
export { productsWrittenSince } from './product-writes.ts';
export { lowStockProducts } from './queries.ts';
export {
  type OfflineShortfall,
  planSaleStock,
  type ReturnLine,
  readSaleProducts,
  reserveStockForOfflineSale,
  reserveStockForSale,
  returnStock,
  type SaleLine,
  type SaleStockWrite,
  type StockedProduct,
  saleProductsJson,
  type TakeStockProblem,
  takeStockForSale,
} from './sale-stock.ts';
export { createStarterCategories } from './starter-categories.ts';
export {
  isSameReading,
  type LockedProduct,
  type SaleTake,
  StockChangedError,
  saleStockStatement,
  stockChangedOr,
} from './stock-ledger.ts';
