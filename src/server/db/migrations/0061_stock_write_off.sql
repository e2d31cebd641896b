-- A damaged return is logged back into stock and written off again ('write_off'), so the ledger tells the story.
ALTER TABLE stock_movements DROP CONSTRAINT stock_movements_reason_check;
ALTER TABLE stock_movements ADD CONSTRAINT stock_movements_reason_check
  CHECK (reason IN ('sale', 'refund', 'void', 'add', 'subtract', 'set', 'import', 'initial', 'write_off'));
