// What other modules may use of the catalog: the stock ledger (a sale, refund or void moves stock through it,
// inside its own transaction) and the product lookup.

export { INSUFFICIENT_STOCK, PRODUCT_NOT_FOUND } from './errors.ts';
export { findProduct } from './product-rows.ts';
export { recordStockChange, type StockChange } from './stock-ledger.ts';
