-- Reports (issue 16): the cost of goods is the cost at the time of sale, copied onto each sale line as the price
-- and name are, so a later change of a product's cost never rewrites past margins. Lines written before this
-- column existed take the product's current cost (the best figure there is); refund lines take their sale
-- line's cost. Plus the indexes the report queries read by.
ALTER TABLE transaction_items ADD COLUMN unit_cost integer NOT NULL DEFAULT 0 CHECK (unit_cost >= 0);

UPDATE transaction_items ti SET unit_cost = p.cost_price
  FROM products p
  WHERE p.business_id = ti.business_id AND p.id = ti.product_id AND ti.original_item_id IS NULL
    AND p.cost_price <> 0;
UPDATE transaction_items ti SET unit_cost = o.unit_cost
  FROM transaction_items o
  WHERE o.business_id = ti.business_id AND o.id = ti.original_item_id AND o.unit_cost <> 0;

-- A period's figures read only indexes: its transactions, its sale lines and its tenders by (business, time),
-- each carrying the columns the report sums. A line and a tender are written with their sale's time (plus a
-- millisecond per line, keeping cart order), so they are found by their own time.
CREATE INDEX transactions_report_idx ON transactions (business_id, created_at)
  INCLUDE (id, transaction_type, payment_status, cashier_id, subtotal, discount_amount, tax_amount, total_amount);
CREATE INDEX transaction_items_report_idx ON transaction_items (business_id, created_at)
  INCLUDE (transaction_id, product_id, quantity, unit_cost, total_price);
CREATE INDEX payments_report_idx ON payments (business_id, created_at)
  INCLUDE (transaction_id, method, provider, status, amount);
-- Slow movers: the newest sale line of each product.
CREATE INDEX transaction_items_product_sold_idx ON transaction_items (business_id, product_id, created_at DESC)
  WHERE quantity > 0;
