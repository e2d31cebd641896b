-- Product search at 100k products (issue 14): one page of ids straight from the indexes, a capped count,
-- exact codes from the unique code indexes.
--
-- 0050's search_product_ids compared barcode and SKU without `is_active`, so the partial unique indexes of
-- 0030 (WHERE is_active) could not serve it and every exact scan read the whole table (~50 ms at 100k).
-- Only active products are ever searched, so the condition is added and each code gets its own branch.
CREATE OR REPLACE FUNCTION search_product_ids(p_business_id uuid, p_pattern text, p_code text)
  RETURNS SETOF uuid
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
  BEGIN
    RETURN QUERY EXECUTE
      'SELECT id FROM products WHERE business_id = $1 AND is_active AND (name ILIKE $2 OR description ILIKE $2)
       UNION
       SELECT id FROM products WHERE business_id = $1 AND is_active AND barcode = $3
       UNION
       SELECT id FROM products WHERE business_id = $1 AND is_active AND sku = $3'
      USING p_business_id, p_pattern, p_code;
  END
  $$;

-- One page of a product search, in name order, as ids: the sort and the limit run inside, with the pattern
-- known to the planner (EXECUTE … USING plans each call with its values). For a common word it walks the
-- name index and stops after the page; for a rare text it takes the few trigram matches and sorts them;
-- the outer query then reads only the page's rows under row-level security. p_after_name/p_after_id: the
-- last row of the previous page (keyset paging, as fast on page 2,000 as on page 1); p_offset otherwise.
-- p_count_cap > 0 returns, instead of the page, the number of matches counted up to that cap.
CREATE FUNCTION search_product_page(
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
      || ' AND (name ILIKE $2 OR description ILIKE $2 OR barcode = $3 OR sku = $3)';
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

-- How many products match a search, counted up to p_cap (a screen shows "1,000+" beyond it): counting all
-- of a common word's 15k matches would read them all; stopping at the cap reads a few thousand index rows.
CREATE FUNCTION count_product_matches(
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
      || ' AND (name ILIKE $2 OR description ILIKE $2 OR barcode = $3 OR sku = $3)';
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

REVOKE ALL ON FUNCTION search_product_page(uuid, text, text, uuid, boolean, boolean, text, uuid, integer, integer)
  FROM PUBLIC;
REVOKE ALL ON FUNCTION count_product_matches(uuid, text, text, uuid, boolean, boolean, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION search_product_page(uuid, text, text, uuid, boolean, boolean, text, uuid, integer, integer)
  TO app_tenant;
GRANT EXECUTE ON FUNCTION count_product_matches(uuid, text, text, uuid, boolean, boolean, integer)
  TO app_tenant;
