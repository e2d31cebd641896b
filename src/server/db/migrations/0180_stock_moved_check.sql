-- A stock write checks, in its own statement, that every product it was to change moved (issue 14). A sale reads
-- its products without a lock; one changed meanwhile (its price, its stock, deactivated) does not move, and the
-- sale must be made again. Failing the statement itself, rather than the server once it has read the count,
-- undoes the whole write at once, so a sale's COMMIT can travel with its write instead of waiting for its answer.
-- SQLSTATE SK001 is this check's own (stock-ledger.ts maps it to StockChangedError).
CREATE FUNCTION all_stock_moved(moved integer, expected integer) RETURNS integer
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
  AS $$
  BEGIN
    IF moved <> expected THEN
      RAISE EXCEPTION 'A product changed while its stock was being written' USING ERRCODE = 'SK001';
    END IF;
    RETURN moved;
  END
  $$;
