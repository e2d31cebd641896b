-- Sales (operations §3 Transaction, Transaction item), their payments (split tender), the idempotency
-- records of sale creation, and carts parked at the till. Money is integer pesewas.
-- Refunds and voids are transactions of their own type pointing at the original; refund items carry
-- negative quantities and REF- receipt numbers.

CREATE TABLE transactions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  business_id uuid NOT NULL REFERENCES businesses (id),
  transaction_type text NOT NULL DEFAULT 'sale' CHECK (transaction_type IN ('sale', 'refund', 'void')),
  original_transaction_id uuid REFERENCES transactions (id),
  receipt_number text NOT NULL,
  payment_method text NOT NULL
    CHECK (payment_method IN ('cash', 'card', 'mtn_momo', 'telecel_cash', 'airteltigo_money', 'split')),
  payment_status text NOT NULL
    CHECK (payment_status IN ('pending', 'completed', 'failed', 'refunded', 'cancelled')),
  cashier_id uuid NOT NULL REFERENCES users (id),
  customer_id uuid REFERENCES customers (id),
  subtotal integer NOT NULL,
  tax_amount integer NOT NULL,
  discount_amount integer NOT NULL DEFAULT 0 CHECK (discount_amount >= 0),
  total_amount integer NOT NULL,
  amount_paid integer NOT NULL DEFAULT 0,
  change_given integer NOT NULL DEFAULT 0 CHECK (change_given >= 0),
  notes text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT transactions_business_receipt_key UNIQUE (business_id, receipt_number),
  CONSTRAINT transactions_sale_sign_check CHECK (transaction_type <> 'sale' OR (subtotal >= 0 AND total_amount >= 0))
);
CREATE INDEX transactions_business_created_idx ON transactions (business_id, created_at DESC);
CREATE INDEX transactions_customer_idx ON transactions (business_id, customer_id);

CREATE TABLE transaction_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  business_id uuid NOT NULL REFERENCES businesses (id),
  transaction_id uuid NOT NULL REFERENCES transactions (id) ON DELETE CASCADE,
  product_id uuid REFERENCES products (id),
  -- Copied at sale time so that receipts survive renames and deletions.
  product_name text NOT NULL,
  quantity integer NOT NULL CHECK (quantity <> 0),
  unit_price integer NOT NULL CHECK (unit_price >= 0),
  tax_rate numeric(5, 2) NOT NULL CHECK (tax_rate BETWEEN 0 AND 100),
  tax_amount integer NOT NULL,
  discount_amount integer NOT NULL DEFAULT 0 CHECK (discount_amount >= 0),
  total_price integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX transaction_items_transaction_idx ON transaction_items (transaction_id);
CREATE INDEX transaction_items_product_idx ON transaction_items (business_id, product_id);

-- One row per tender of a sale: part cash, part mobile money or card. Provider columns are filled by
-- the payment integration.
CREATE TABLE payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  business_id uuid NOT NULL REFERENCES businesses (id),
  transaction_id uuid NOT NULL REFERENCES transactions (id) ON DELETE CASCADE,
  method text NOT NULL CHECK (method IN ('cash', 'card', 'mtn_momo', 'telecel_cash', 'airteltigo_money')),
  amount integer NOT NULL,
  amount_tendered integer CHECK (amount_tendered IS NULL OR amount_tendered >= amount),
  status text NOT NULL CHECK (status IN ('pending', 'completed', 'failed')),
  reference text,
  provider text,
  provider_reference text,
  provider_payload jsonb,
  failure_reason text,
  completed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payments_transaction_idx ON payments (transaction_id);
CREATE INDEX payments_provider_reference_idx ON payments (business_id, provider_reference);

-- A retried checkout (same Idempotency-Key) returns the first sale. The row is written in the sale's
-- own transaction, so a concurrent duplicate waits on the key and then sees the committed sale.
CREATE TABLE sale_idempotency_keys (
  business_id uuid NOT NULL REFERENCES businesses (id),
  key text NOT NULL,
  request_hash text NOT NULL,
  transaction_id uuid NOT NULL REFERENCES transactions (id) DEFERRABLE INITIALLY DEFERRED,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (business_id, key)
);

-- Carts a cashier set aside to serve the next customer; any till of the business may resume them.
-- Parking reserves no stock.
CREATE TABLE parked_carts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  business_id uuid NOT NULL REFERENCES businesses (id),
  note text,
  cart jsonb NOT NULL,
  item_count integer NOT NULL CHECK (item_count > 0),
  total_amount integer NOT NULL CHECK (total_amount >= 0),
  parked_by uuid NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX parked_carts_business_created_idx ON parked_carts (business_id, created_at DESC);

ALTER TABLE transactions ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON transactions
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
ALTER TABLE transaction_items ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON transaction_items
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
ALTER TABLE payments ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON payments
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
ALTER TABLE sale_idempotency_keys ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON sale_idempotency_keys
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
ALTER TABLE parked_carts ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON parked_carts
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid);

GRANT SELECT, INSERT, UPDATE ON transactions, payments TO app_tenant;
GRANT SELECT, INSERT ON transaction_items, sale_idempotency_keys TO app_tenant;
GRANT SELECT, INSERT, DELETE ON parked_carts TO app_tenant;
