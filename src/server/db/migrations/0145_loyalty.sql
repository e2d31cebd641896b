-- Loyalty points (issue 16): the business's rates, and a ledger of every change to a customer's points. The
-- program is on when the business's pos_features hold 'loyalty_program' (platform §3); customers.loyalty_points
-- (0003) is the balance, kept equal to the ledger's last balance_after in the same transaction.

CREATE TABLE loyalty_settings (
  business_id uuid PRIMARY KEY REFERENCES businesses (id),
  -- Points earned for each full ₵1 paid.
  points_per_cedi integer NOT NULL DEFAULT 1 CHECK (points_per_cedi BETWEEN 1 AND 100),
  -- Points that pay for ₵1 when redeemed.
  points_per_cedi_redeemed integer NOT NULL DEFAULT 100 CHECK (points_per_cedi_redeemed BETWEEN 1 AND 10000),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE loyalty_ledger (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The order lines were written in (a sale's redemption and its earning share one timestamp).
  position bigint GENERATED ALWAYS AS IDENTITY,
  business_id uuid NOT NULL REFERENCES businesses (id),
  customer_id uuid NOT NULL REFERENCES customers (id),
  -- The sale the change belongs to, and for a refund its REF- transaction.
  sale_id uuid NOT NULL,
  refund_id uuid,
  delta integer NOT NULL CHECK (delta <> 0),
  balance_after integer NOT NULL CHECK (balance_after >= 0),
  -- Redemptions: the pesewas the points paid for.
  value integer NOT NULL DEFAULT 0 CHECK (value >= 0),
  reason text NOT NULL CHECK (reason IN ('earned', 'redeemed', 'refund', 'void', 'payment_failed')),
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (business_id, sale_id) REFERENCES transactions (business_id, id),
  FOREIGN KEY (business_id, refund_id) REFERENCES transactions (business_id, id)
);
CREATE INDEX loyalty_ledger_customer_idx ON loyalty_ledger (business_id, customer_id, position DESC);
CREATE INDEX loyalty_ledger_sale_idx ON loyalty_ledger (business_id, sale_id);
CREATE INDEX loyalty_ledger_refund_idx ON loyalty_ledger (business_id, refund_id) WHERE refund_id IS NOT NULL;

ALTER TABLE loyalty_settings ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON loyalty_settings
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
ALTER TABLE loyalty_ledger ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON loyalty_ledger
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid);

GRANT SELECT, INSERT, UPDATE ON loyalty_settings TO app_tenant;
-- The ledger is append-only.
GRANT SELECT, INSERT ON loyalty_ledger TO app_tenant;

-- Changing the loyalty settings is written to the audit log. The action is added to whatever list the check
-- holds now, so other changes to that list made before this one are kept.
DO $$
DECLARE
  definition text;
BEGIN
  SELECT pg_get_constraintdef(oid) INTO definition FROM pg_constraint WHERE conname = 'audit_log_action_check';
  IF position('loyalty_settings_changed' IN definition) = 0 THEN
    ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
    EXECUTE 'ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check '
      || regexp_replace(definition, '\]\s*\)', ', ''loyalty_settings_changed''::text])');
  END IF;
END
$$;
