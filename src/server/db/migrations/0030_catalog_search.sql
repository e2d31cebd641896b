-- Catalog and customer book at scale: trigram search, codes unique among a business's active products,
-- duplicate customers refused, and indexes for the product screen's lists and cards.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- operations §5 product search: name or description contains (case-insensitive) → trigram indexes;
-- barcode or SKU exactly → the unique indexes below.
CREATE INDEX products_name_trgm_idx ON products USING gin (name gin_trgm_ops);
CREATE INDEX products_description_trgm_idx ON products USING gin (description gin_trgm_ops);

-- A barcode or SKU names one product of a business; a deleted (inactive) product frees its codes.
CREATE UNIQUE INDEX products_business_barcode_key ON products (business_id, barcode)
  WHERE is_active AND barcode IS NOT NULL;
CREATE UNIQUE INDEX products_business_sku_key ON products (business_id, sku)
  WHERE is_active AND sku IS NOT NULL;

-- The product list is active products by name (keyset-friendly), by category, or low on stock.
CREATE INDEX products_business_active_name_idx ON products (business_id, name, id) WHERE is_active;
CREATE INDEX products_business_category_idx ON products (business_id, category_id, name) WHERE is_active;
CREATE INDEX products_business_low_stock_idx ON products (business_id, name)
  WHERE is_active AND stock_quantity <= min_stock_level;

-- Two active categories of a business never share a name (ignoring case).
CREATE UNIQUE INDEX categories_business_name_key ON categories (business_id, lower(name)) WHERE is_active;

-- The number behind a phone text: digits only, a Ghanaian local number (0 + nine digits) in its
-- international form, so '024 123 4567' and '+233 24 123 4567' are one customer. Same rule as phoneKey()
-- in src/domain/schemas/customers.ts.
CREATE OR REPLACE FUNCTION customer_phone_key(phone text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE
    WHEN regexp_replace(phone, '[^0-9]', '', 'g') ~ '^0[0-9]{9}$'
      THEN '233' || substr(regexp_replace(phone, '[^0-9]', '', 'g'), 2)
    ELSE regexp_replace(phone, '[^0-9]', '', 'g')
  END;

CREATE UNIQUE INDEX customers_business_phone_key ON customers (business_id, customer_phone_key(phone))
  WHERE is_active AND phone IS NOT NULL;
CREATE UNIQUE INDEX customers_business_email_key ON customers (business_id, lower(email))
  WHERE is_active AND email IS NOT NULL;
CREATE INDEX customers_name_trgm_idx ON customers USING gin (name gin_trgm_ops);
CREATE INDEX customers_email_trgm_idx ON customers USING gin (email gin_trgm_ops);
CREATE INDEX customers_business_active_name_idx ON customers (business_id, name, id) WHERE is_active;
