-- Shifts and the end-of-day cash-up (the Z report). A cashier opens a shift on a till (the browser's till id)
-- with an opening float; cash put in or taken out of the drawer is written with its reason; sales and refunds
-- made while their cashier has a shift open point at it. Closing writes the count, what the system expected
-- and the difference, and a snapshot of the shift's figures: a closed shift never changes (its Z report prints
-- the same tomorrow). Money is integer pesewas.
CREATE TABLE shifts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  business_id uuid NOT NULL REFERENCES businesses (id),
  till_id uuid NOT NULL,
  till_name text NOT NULL,
  cashier_id uuid NOT NULL REFERENCES users (id),
  -- Names are copied: the report still reads right after a person is renamed or removed.
  cashier_name text NOT NULL,
  opening_float integer NOT NULL CHECK (opening_float >= 0),
  opened_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz,
  closed_by_id uuid REFERENCES users (id) ON DELETE SET NULL,
  closed_by_name text,
  expected_cash integer,
  counted_cash integer CHECK (counted_cash IS NULL OR counted_cash >= 0),
  difference integer,
  -- Pieces counted per note and coin ({"note_200": 2, "coin_50p": 4}), when the counter was used.
  denominations jsonb,
  close_note text,
  -- The figures at closing (sales by method, refunds, voids, cash in and out), as the Z report prints them.
  figures jsonb,
  CONSTRAINT shifts_closed_complete CHECK (
    (closed_at IS NULL AND counted_cash IS NULL AND expected_cash IS NULL AND difference IS NULL)
    OR (closed_at IS NOT NULL AND counted_cash IS NOT NULL AND expected_cash IS NOT NULL
        AND difference = counted_cash - expected_cash AND figures IS NOT NULL)
  ),
  CONSTRAINT shifts_business_id_key UNIQUE (business_id, id)
);
-- One open shift per till and one per cashier: a second open is refused even when two arrive together.
CREATE UNIQUE INDEX shifts_one_open_per_till ON shifts (business_id, till_id) WHERE closed_at IS NULL;
CREATE UNIQUE INDEX shifts_one_open_per_cashier ON shifts (business_id, cashier_id) WHERE closed_at IS NULL;
CREATE INDEX shifts_business_opened_idx ON shifts (business_id, opened_at DESC);

CREATE TABLE shift_cash_movements (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  business_id uuid NOT NULL REFERENCES businesses (id),
  shift_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('in', 'out')),
  amount integer NOT NULL CHECK (amount > 0),
  reason text NOT NULL CHECK (length(reason) > 0),
  recorded_by_id uuid REFERENCES users (id) ON DELETE SET NULL,
  recorded_by_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT shift_cash_movements_shift_fkey FOREIGN KEY (business_id, shift_id)
    REFERENCES shifts (business_id, id)
);
CREATE INDEX shift_cash_movements_shift_idx ON shift_cash_movements (business_id, shift_id, created_at);

-- The shift a sale or refund was made in (null when its cashier had none open).
ALTER TABLE transactions ADD COLUMN shift_id uuid;
ALTER TABLE transactions ADD CONSTRAINT transactions_shift_fkey FOREIGN KEY (business_id, shift_id)
  REFERENCES shifts (business_id, id);
CREATE INDEX transactions_shift_idx ON transactions (business_id, shift_id) WHERE shift_id IS NOT NULL;

ALTER TABLE shifts ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON shifts
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
ALTER TABLE shift_cash_movements ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON shift_cash_movements
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
GRANT SELECT, INSERT, UPDATE ON shifts TO app_tenant;
GRANT SELECT, INSERT ON shift_cash_movements TO app_tenant;

-- Opening and closing a shift and cash put in or taken out are written to the audit log.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check CHECK (action IN (
  'sale_refunded', 'sale_voided', 'override_approved', 'discount_above_limit', 'stock_adjusted',
  'price_changed', 'employee_created', 'employee_role_changed', 'employee_deactivated',
  'employee_reactivated', 'employee_removed', 'employee_pin_regenerated', 'till_device_trusted',
  'till_device_revoked', 'discount_limit_changed', 'payment_settings_changed',
  'shift_opened', 'shift_closed', 'shift_cash_in', 'shift_cash_out'
));
ALTER TABLE audit_log DROP CONSTRAINT audit_log_subject_type_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_subject_type_check
  CHECK (subject_type IN ('sale', 'product', 'user', 'device', 'business', 'shift'));
