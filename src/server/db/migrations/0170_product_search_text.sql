-- Product search at 100k products, second pass (issue 14): one lower-cased search text per product instead of
-- an ILIKE on two columns.
--
-- ILIKE on a UTF-8 database lower-cases both sides of every comparison, row by row: a common word walking the
-- name index read ~500 rows (two ILIKEs each) for a page, ≈ 6 ms, and its capped count as much again. The
-- search text is lower-cased once, when the product is written, and searched with LIKE (a byte comparison);
-- the pattern is lower-cased once per query. A newline joins name and description, so a pattern typed in a
-- search box (one line) never matches across the two, as the ILIKE on each column did not.
ALTER TABLE products
  ADD COLUMN search_text text GENERATED ALWAYS AS (lower(name || E'\n' || coalesce(description, ''))) STORED;

-- One trigram index instead of two (one bitmap per search, not two), with the business in it (btree_gin): a
-- search ANDs the business's entry with the pattern's trigrams, and GIN skips through a common trigram's list
-- with the business's own, so a small shop's search does not read every other shop's matches. fastupdate off:
-- GIN's pending list (new entries kept unsorted until a vacuum) made every search read it in full after an
-- import — ~6 ms on 6,000 pending products; a shop writes products far less often than it searches them.
CREATE EXTENSION IF NOT EXISTS btree_gin;
CREATE INDEX products_search_trgm_idx ON products USING gin (business_id, search_text gin_trgm_ops)
  WITH (fastupdate = off);
DROP INDEX products_name_trgm_idx;
DROP INDEX products_description_trgm_idx;

-- The list in name order, covering what a search and the product screen's filters and cards read: a common word
-- walks it and checks each entry without visiting the table (index-only, once autovacuum has marked the pages).
DROP INDEX products_business_active_name_idx;
CREATE INDEX products_business_active_name_idx ON products (business_id, name, id)
  INCLUDE (search_text, barcode, sku, category_id, price, stock_quantity, min_stock_level) WHERE is_active;

CREATE OR REPLACE FUNCTION search_product_ids(p_business_id uuid, p_pattern text, p_code text)
  RETURNS SETOF uuid
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
  BEGIN
    RETURN QUERY EXECUTE
      'SELECT id FROM products WHERE business_id = $1 AND is_active AND search_text LIKE lower($2)
       UNION
       SELECT id FROM products WHERE business_id = $1 AND is_active AND barcode = $3
       UNION
       SELECT id FROM products WHERE business_id = $1 AND is_active AND sku = $3'
      USING p_business_id, p_pattern, p_code;
  END
  $$;

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
    IF p_low_stock THEN query := query || ' AND stock_quantity <= min_stock_level'; END IF;
    IF p_in_stock THEN query := query || ' AND stock_quantity > 0'; END IF;
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
    IF p_low_stock THEN query := query || ' AND stock_quantity <= min_stock_level'; END IF;
    IF p_in_stock THEN query := query || ' AND stock_quantity > 0'; END IF;
    EXECUTE 'SELECT count(*)::integer FROM (' || query || ' LIMIT $5) matches'
      INTO result
      USING p_business_id, p_pattern, p_code, p_category_id, p_cap;
    RETURN result;
  END
  $$;

-- The product screen's cards over the listed products (all, a category, low stock, a search): counted inside,
-- like the page, so that a search's condition is planned with its pattern (a common word reads the matches
-- from the trigram index; the ids of search_product_ids were looked up one by one, ≈ 45 ms for 14k matches).
CREATE FUNCTION product_summary_figures(
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
    query text := 'SELECT count(*), count(*) FILTER (WHERE stock_quantity <= min_stock_level),'
      || ' coalesce(sum(price::bigint * stock_quantity), 0)::bigint FROM products WHERE business_id = $1 AND is_active';
  BEGIN
    IF p_pattern IS NOT NULL THEN
      query := query || ' AND (search_text LIKE lower($2) OR barcode = $3 OR sku = $3)';
    END IF;
    IF p_category_id IS NOT NULL THEN query := query || ' AND category_id = $4'; END IF;
    IF p_low_stock THEN query := query || ' AND stock_quantity <= min_stock_level'; END IF;
    RETURN QUERY EXECUTE query USING p_business_id, p_pattern, p_code, p_category_id;
  END
  $$;

REVOKE ALL ON FUNCTION product_summary_figures(uuid, text, text, uuid, boolean) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION product_summary_figures(uuid, text, text, uuid, boolean) TO app_tenant;
