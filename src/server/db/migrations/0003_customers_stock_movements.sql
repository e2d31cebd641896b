-- Customers (operations §3) and the stock ledger: every change of a product's stock writes a movement.

CREATE TABLE customers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  business_id uuid NOT NULL REFERENCES businesses (id),
  name text NOT NULL,
  phone text,
  email text,
  loyalty_points integer NOT NULL DEFAULT 0 CHECK (loyalty_points >= 0),
  total_spent integer NOT NULL DEFAULT 0,
  visit_count integer NOT NULL DEFAULT 0 CHECK (visit_count >= 0),
  last_visit timestamptz,
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customers_business_name_idx ON customers (business_id, name);

CREATE TABLE stock_movements (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  business_id uuid NOT NULL REFERENCES businesses (id),
  product_id uuid NOT NULL REFERENCES products (id),
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  delta integer NOT NULL,
  quantity_after integer NOT NULL CHECK (quantity_after >= 0),
  reason text NOT NULL CHECK (reason IN ('sale', 'refund', 'void', 'add', 'subtract', 'set', 'import', 'initial')),
  reference_id uuid,
  note text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stock_movements_product_idx ON stock_movements (business_id, product_id, created_at DESC);

ALTER TABLE customers ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON customers
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
ALTER TABLE stock_movements ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON stock_movements
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid);

GRANT SELECT, INSERT, UPDATE, DELETE ON customers TO app_tenant;
GRANT SELECT, INSERT ON stock_movements TO app_tenant;
