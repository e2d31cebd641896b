-- A sale's stock write, fourth pass (issue 14): a change of stock alone updates the product row in place.
--
-- PostgreSQL updates a row "in place" (a heap-only tuple: the new version on the same page, no new index entry)
-- only when no index holds a column whose value changed. Every sale's stock update changed three such values:
-- stock_quantity (in the covering list index and in the low-stock index's condition) and sync_xid (stamped by
-- the trigger, in the sync index), so each one wrote an entry into all ten of the table's indexes, and every
-- look-up of a best-seller walked more dead entries until autovacuum came round: PostgreSQL's CPU per sale grew
-- run after run (docs/performance.md, ninth pass). Now:
--   * what the indexes need of the stock is whether it is low and whether there is any, two stored columns that
--     change only when the stock crosses its threshold or zero;
--   * the sync stamp is written by a change of anything but the stock; a change of stock is found by the till's
--     sync, and by the product screen's figures, through its ledger row (stock_movements.sync_xid below), which
--     every change of stock writes in the same statement (stock-ledger.ts);
--   * the table leaves room on each page for the new versions (fillfactor), so that the update stays on its page.

-- Before the columns are added: adding a stored column rewrites the table, which then leaves the room.
ALTER TABLE products SET (fillfactor = 80);

ALTER TABLE products
  ADD COLUMN low_stock boolean GENERATED ALWAYS AS (stock_quantity <= min_stock_level) STORED,
  ADD COLUMN in_stock boolean GENERATED ALWAYS AS (stock_quantity > 0) STORED;

DROP INDEX products_business_low_stock_idx;
CREATE INDEX products_business_low_stock_idx ON products (business_id, name) WHERE is_active AND low_stock;

DROP INDEX products_business_active_name_idx;
CREATE INDEX products_business_active_name_idx ON products (business_id, name, id)
  INCLUDE (search_text, barcode, sku, category_id, price, low_stock, in_stock) WHERE is_active;

-- Every column but the stock, updated_at (which a change of stock also writes), the stamp itself and the
-- generated ones. A column added to products later belongs in this list (stock-in-place.test.ts checks).
DROP TRIGGER products_sync_xid ON products;
CREATE TRIGGER products_sync_xid BEFORE INSERT OR UPDATE OF id, business_id, category_id, name, description, barcode,
  sku, price, cost_price, tax_rate, min_stock_level, is_active, image_url, created_at ON products
  FOR EACH ROW EXECUTE FUNCTION stamp_sync_xid();

-- The ledger's rows carry the transaction that wrote them, as the catalog's rows do (migration 0110): rows
-- written before this migration have none, and a till's full sync has their stock already.
ALTER TABLE stock_movements ADD COLUMN sync_xid xid8;
ALTER TABLE stock_movements ALTER COLUMN sync_xid SET DEFAULT pg_current_xact_id();
CREATE INDEX stock_movements_sync_idx ON stock_movements (business_id, sync_xid);

-- The search functions of migration 0170, reading the two columns instead of the stock.
CREATE OR REPLACE FUNCTION search_product_page(
  p_business_id uuid,
  p_pattern text,
  p_code text,
  p_category_id uuid,
  p_low_stock boolean,
  p_in_stock boolean,
  p_after_name text,
  p_after_id uuid,
  p_limit integer,
  p_offset integer
) RETURNS SETOF uuid
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
  DECLARE
    query text := 'SELECT id FROM products WHERE business_id = $1 AND is_active'
      || ' AND (search_text LIKE lower($2) OR barcode = $3 OR sku = $3)';
  BEGIN
    IF p_category_id IS NOT NULL THEN query := query || ' AND category_id = $4'; END IF;
    IF p_low_stock THEN query := query || ' AND low_stock'; END IF;
    IF p_in_stock THEN query := query || ' AND in_stock'; END IF;
    IF p_after_id IS NOT NULL THEN query := query || ' AND (name, id) > ($5, $6)'; END IF;
    query := query || ' ORDER BY name, id LIMIT $7 OFFSET $8';
    RETURN QUERY EXECUTE query
      USING p_business_id, p_pattern, p_code, p_category_id, p_after_name, p_after_id, p_limit, p_offset;
  END
  $$;

CREATE OR REPLACE FUNCTION count_product_matches(
  p_business_id uuid,
  p_pattern text,
  p_code text,
  p_category_id uuid,
  p_low_stock boolean,
  p_in_stock boolean,
  p_cap integer
) RETURNS integer
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
  DECLARE
    query text := 'SELECT 1 FROM products WHERE business_id = $1 AND is_active'
      || ' AND (search_text LIKE lower($2) OR barcode = $3 OR sku = $3)';
    result integer;
  BEGIN
    IF p_category_id IS NOT NULL THEN query := query || ' AND category_id = $4'; END IF;
    IF p_low_stock THEN query := query || ' AND low_stock'; END IF;
    IF p_in_stock THEN query := query || ' AND in_stock'; END IF;
    EXECUTE 'SELECT count(*)::integer FROM (' || query || ' LIMIT $5) matches'
      INTO result
      USING p_business_id, p_pattern, p_code, p_category_id, p_cap;
    RETURN result;
  END
  $$;

CREATE OR REPLACE FUNCTION product_summary_figures(
  p_business_id uuid,
  p_pattern text,
  p_code text,
  p_category_id uuid,
  p_low_stock boolean
) RETURNS TABLE (total bigint, low bigint, value bigint)
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
  DECLARE
    query text := 'SELECT count(*), count(*) FILTER (WHERE low_stock),'
      || ' coalesce(sum(price::bigint * stock_quantity), 0)::bigint FROM products WHERE business_id = $1 AND is_active';
  BEGIN
    IF p_pattern IS NOT NULL THEN
      query := query || ' AND (search_text LIKE lower($2) OR barcode = $3 OR sku = $3)';
    END IF;
    IF p_category_id IS NOT NULL THEN query := query || ' AND category_id = $4'; END IF;
    IF p_low_stock THEN query := query || ' AND low_stock'; END IF;
    RETURN QUERY EXECUTE query USING p_business_id, p_pattern, p_code, p_category_id;
  END
  $$;

-- The cards of a whole catalog now read every product's row (the stock is in no index). Not in parallel: on
-- the two cores a shop's server has, two workers beside the leader took 140–250 ms for 100k products where one
-- process takes 60 ms, and they take the cores from the tills' sales meanwhile.
ALTER FUNCTION product_summary_figures(uuid, text, text, uuid, boolean) SET max_parallel_workers_per_gather = 0;
