-- A sale id may be made by the client (an offline till), so it is unique within its business only: another
-- business having used the same id must neither block a sale nor reveal that it exists. The primary key of
-- transactions becomes (business_id, id) and everything that points at a sale points at both columns.
ALTER TABLE transaction_items DROP CONSTRAINT transaction_items_transaction_id_fkey;
ALTER TABLE payments DROP CONSTRAINT payments_transaction_id_fkey;
ALTER TABLE sale_idempotency_keys DROP CONSTRAINT sale_idempotency_keys_transaction_id_fkey;
ALTER TABLE transactions DROP CONSTRAINT transactions_original_transaction_id_fkey;

ALTER TABLE transactions DROP CONSTRAINT transactions_pkey;
ALTER TABLE transactions ADD CONSTRAINT transactions_pkey PRIMARY KEY (business_id, id);

ALTER TABLE transactions ADD CONSTRAINT transactions_original_transaction_fkey
  FOREIGN KEY (business_id, original_transaction_id) REFERENCES transactions (business_id, id);
ALTER TABLE transaction_items ADD CONSTRAINT transaction_items_transaction_fkey
  FOREIGN KEY (business_id, transaction_id) REFERENCES transactions (business_id, id) ON DELETE CASCADE;
ALTER TABLE payments ADD CONSTRAINT payments_transaction_fkey
  FOREIGN KEY (business_id, transaction_id) REFERENCES transactions (business_id, id) ON DELETE CASCADE;
ALTER TABLE sale_idempotency_keys ADD CONSTRAINT sale_idempotency_keys_transaction_fkey
  FOREIGN KEY (business_id, transaction_id) REFERENCES transactions (business_id, id) DEFERRABLE INITIALLY DEFERRED;
