-- Refunds sent back through the payment provider (card and mobile money through the sandbox or Paystack). A
-- refund is claimed here before the provider is called and marked sent once it answered, so a retry never sends
-- the same money twice: a claim already sent is recorded without calling the provider again.
CREATE TABLE payment_refunds (
  id uuid PRIMARY KEY,
  business_id uuid NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  sale_id uuid NOT NULL,
  payment_id uuid NOT NULL,
  provider text NOT NULL,
  amount integer NOT NULL CHECK (amount > 0),
  status text NOT NULL CHECK (status IN ('sending', 'sent', 'failed', 'recorded')),
  message text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_refunds_sale_idx ON payment_refunds (business_id, sale_id);

ALTER TABLE payment_refunds ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON payment_refunds
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
GRANT SELECT, INSERT, UPDATE ON payment_refunds TO app_tenant;
