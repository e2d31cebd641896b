-- The offline-first till (issue 15).
--
-- 1. Price history: every price a product has had and since when, written by a trigger so that no path that
--    changes a price (the product form, an import, a quick add, the demo data) can forget it. A sale made
--    offline is checked against it: its prices may not be below the lowest the product had on the sale's day.
CREATE TABLE product_price_history (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  business_id uuid NOT NULL REFERENCES businesses (id),
  product_id uuid NOT NULL REFERENCES products (id),
  price integer NOT NULL CHECK (price >= 0),
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX product_price_history_product_idx ON product_price_history (business_id, product_id, changed_at);

INSERT INTO product_price_history (business_id, product_id, price, changed_at)
  SELECT business_id, id, price, created_at FROM products;

CREATE FUNCTION record_product_price() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.price IS DISTINCT FROM OLD.price THEN
    INSERT INTO product_price_history (business_id, product_id, price, changed_at)
      VALUES (NEW.business_id, NEW.id, NEW.price, now());
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER products_price_history AFTER INSERT OR UPDATE OF price ON products
  FOR EACH ROW EXECUTE FUNCTION record_product_price();

ALTER TABLE product_price_history ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON product_price_history
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
GRANT SELECT, INSERT ON product_price_history TO app_tenant;

-- 2. The till's catalog sync cursor: each row of products, categories and customers carries the id of the
--    transaction that last wrote it. A reader asks for rows written by transactions at or after the oldest one
--    still running when it last read (pg_snapshot_xmin), so a write that commits late is never skipped; a row
--    may come twice, which the till's upsert absorbs. NULL: written before this migration (a full sync has it).
CREATE FUNCTION stamp_sync_xid() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.sync_xid := pg_current_xact_id();
  RETURN NEW;
END $$;

ALTER TABLE products ADD COLUMN sync_xid xid8;
ALTER TABLE categories ADD COLUMN sync_xid xid8;
ALTER TABLE customers ADD COLUMN sync_xid xid8;
CREATE INDEX products_sync_idx ON products (business_id, sync_xid);
CREATE INDEX categories_sync_idx ON categories (business_id, sync_xid);
CREATE INDEX customers_sync_idx ON customers (business_id, sync_xid);
CREATE TRIGGER products_sync_xid BEFORE INSERT OR UPDATE ON products
  FOR EACH ROW EXECUTE FUNCTION stamp_sync_xid();
CREATE TRIGGER categories_sync_xid BEFORE INSERT OR UPDATE ON categories
  FOR EACH ROW EXECUTE FUNCTION stamp_sync_xid();
CREATE TRIGGER customers_sync_xid BEFORE INSERT OR UPDATE ON customers
  FOR EACH ROW EXECUTE FUNCTION stamp_sync_xid();

-- 3. Sales made offline and sent later: the till they came from, when they reached the server, and the stock
--    they could not take (the money was already taken, so the sale is kept, stock stops at 0, and a manager
--    is told). One row per offline sale, beside the sale itself.
CREATE TABLE offline_sales (
  business_id uuid NOT NULL REFERENCES businesses (id),
  transaction_id uuid NOT NULL,
  till_id uuid NOT NULL,
  synced_at timestamptz NOT NULL DEFAULT now(),
  -- [{ "product_id", "product_name", "quantity", "short_by" }], or NULL when every unit was in stock.
  stock_shortfall jsonb,
  shortfall_reviewed_at timestamptz,
  shortfall_reviewed_by uuid REFERENCES users (id) ON DELETE SET NULL,
  PRIMARY KEY (business_id, transaction_id),
  FOREIGN KEY (business_id, transaction_id) REFERENCES transactions (business_id, id)
);
CREATE INDEX offline_sales_shortfall_idx ON offline_sales (business_id, synced_at DESC)
  WHERE stock_shortfall IS NOT NULL;

ALTER TABLE offline_sales ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON offline_sales
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
GRANT SELECT, INSERT, UPDATE ON offline_sales TO app_tenant;
