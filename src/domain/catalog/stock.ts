// Stock rules shared by the server, the product screen and the till.

export const STOCK_OPERATIONS = ['add', 'subtract', 'set'] as const;
export type StockOperation = (typeof STOCK_OPERATIONS)[number];

/** operations §9: low stock is a quantity at or below the product's minimum. */
export function isLowStock(product: { stock_quantity: number; min_stock_level: number }): boolean {
  return product.stock_quantity <= product.min_stock_level;
}

/** operations §4: add, subtract (floored at 0) or set. Returns the new quantity. */
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
] as const;
export type StockMovementReason = (typeof STOCK_MOVEMENT_REASONS_LIST)[number];
