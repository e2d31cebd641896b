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

-- Report lines of a period: items by transaction, read with the transaction's business and time.
CREATE INDEX transaction_items_business_transaction_idx ON transaction_items (business_id, transaction_id);
-- Tenders of the period's transactions.
CREATE INDEX payments_business_transaction_idx ON payments (business_id, transaction_id);
-- Slow movers: the newest sale line of each product.
CREATE INDEX transaction_items_product_sold_idx ON transaction_items (business_id, product_id, created_at DESC)
  WHERE quantity > 0;
