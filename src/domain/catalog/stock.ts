// Stock rules shared by the server, the product screen and the till.

export const STOCK_OPERATIONS = ['add', 'subtract', 'set'] as const;
export type StockOperation = (typeof STOCK_OPERATIONS)[number];

/** operations §9: low stock is a quantity at or below the product's minimum. */
export function isLowStock(product: { stock_quantity: number; min_stock_level: number }): boolean {
  return product.stock_quantity <= product.min_stock_level;
}

/**
 * operations §4: a manual add, subtract (floored at 0: "take what is left") or set. Returns the new quantity.
 * What may never happen — stock below zero — is enforced where stock moves (the catalog's stock ledger).
 */
export function applyStockOperation(current: number, operation: StockOperation, quantity: number): number {
  switch (operation) {
    case 'add':
      return current + quantity;
    case 'subtract':
      return Math.max(0, current - quantity);
    case 'set':
      return quantity;
  }
}

/** Why a product's stock changed (the stock_movements.reason column). */
export const STOCK_MOVEMENT_REASONS_LIST = [
  'sale',
  'refund',
  'void',
  'add',
  'subtract',
  'set',
  'import',
  'initial',
  // A returned unit that came back damaged: logged back in, then out again, so it is never sold.
  'write_off',
  // A card or mobile-money payment that failed or was cancelled: the sale's units come back.
  'payment_failed',
] as const;
export type StockMovementReason = (typeof STOCK_MOVEMENT_REASONS_LIST)[number];
