-- A sale's rows point at their business through their parent (issue 14; docs/decisions.md, "Speed").
--
-- A foreign key is checked by a query per inserted row, which also locks the referenced row (FOR KEY SHARE). A
-- three-line cash sale made 24 such checks, nine of them on its business's row — the one row every till of the
-- shop locks at once, shared among concurrent sales through a multixact. A sale's lines and tenders, and its
-- Idempotency-Key, already point at their sale by (business_id, transaction_id), and the sale at its business:
-- their own key to the business said nothing more, and goes. The stock ledger and a sale's lines now point at
-- their product by (business_id, product_id), which says more than before (the product is the same business's,
-- not merely some business's) and makes the ledger's own key to the business redundant as well. The product row
-- these check is the one the same statement has just locked to change its stock, so the check takes no new lock.
ALTER TABLE products ADD CONSTRAINT products_business_id_key UNIQUE (business_id, id);

ALTER TABLE stock_movements
  DROP CONSTRAINT stock_movements_business_id_fkey,
  DROP CONSTRAINT stock_movements_product_id_fkey,
  ADD CONSTRAINT stock_movements_product_fkey FOREIGN KEY (business_id, product_id)
    REFERENCES products (business_id, id);

ALTER TABLE transaction_items
  DROP CONSTRAINT transaction_items_business_id_fkey,
  DROP CONSTRAINT transaction_items_product_id_fkey,
  ADD CONSTRAINT transaction_items_product_fkey FOREIGN KEY (business_id, product_id)
    REFERENCES products (business_id, id);

ALTER TABLE payments DROP CONSTRAINT payments_business_id_fkey;

ALTER TABLE sale_idempotency_keys DROP CONSTRAINT sale_idempotency_keys_business_id_fkey;
