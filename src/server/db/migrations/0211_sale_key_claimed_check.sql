-- A checkout claims its Idempotency-Key in the statement that writes the sale (issue 14): when the till's
-- products are known to the server already, the whole sale — key, stock, ledger, sale, lines, tenders — and its
-- COMMIT travel in one round trip. A key the business has used already must then undo that statement, not
-- merely be reported by it: the COMMIT that follows it would otherwise keep the sale. SQLSTATE SK002 is this
-- check's own (the sale is then made the usual way, which answers the first sale again: createSaleWithRetry
-- makes a sale priced at hinted products again after any failure).
CREATE FUNCTION sale_key_claimed(claimed integer) RETURNS integer
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
  AS $$
  BEGIN
    IF claimed <> 1 THEN
      RAISE EXCEPTION 'The checkout''s Idempotency-Key was used before' USING ERRCODE = 'SK002';
    END IF;
    RETURN claimed;
  END
  $$;
