-- Partial refunds: a refund line names the sale line it gives back, so the refunds of a sale can be summed per
-- line and never exceed what was sold. The largest discount a cashier may give without a manager's or owner's
-- approval, as a percent of the line and of the sale (default 10 %).
ALTER TABLE transaction_items ADD COLUMN original_item_id uuid;
CREATE INDEX transaction_items_original_item_idx ON transaction_items (business_id, original_item_id)
  WHERE original_item_id IS NOT NULL;
CREATE INDEX transactions_original_idx ON transactions (business_id, original_transaction_id)
  WHERE original_transaction_id IS NOT NULL;

ALTER TABLE businesses ADD COLUMN discount_limit_percent integer NOT NULL DEFAULT 10
  CHECK (discount_limit_percent BETWEEN 0 AND 100);
