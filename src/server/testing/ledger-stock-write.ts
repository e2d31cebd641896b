/**
 * A change of stock as the stock ledger writes it, in plain SQL for a connection of a test's own ($1 the product,
 * $2 the new stock): the product's row and its ledger row, in one statement (product-writes.ts).
 */
export const SET_STOCK_AS_THE_LEDGER_DOES = `WITH before AS (SELECT stock_quantity FROM products WHERE id = $1),
  moved AS (UPDATE products SET stock_quantity = $2 WHERE id = $1 RETURNING business_id, id, stock_quantity)
  INSERT INTO stock_movements (business_id, product_id, delta, quantity_after, reason)
  SELECT business_id, id, stock_quantity - (SELECT stock_quantity FROM before), stock_quantity, 'set' FROM moved`;
