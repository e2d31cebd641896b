-- The audit log: who did what, when, to what, with the values before and after and the reason, and who approved
-- it when a manager or owner authorised it on the spot. Append-only: the tenant role may insert and read, never
-- change or delete a line.
CREATE TABLE audit_log (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  business_id uuid NOT NULL REFERENCES businesses (id),
  action text NOT NULL CHECK (action IN (
    'sale_refunded', 'sale_voided', 'override_approved', 'discount_above_limit', 'stock_adjusted',
    'price_changed', 'employee_created', 'employee_role_changed', 'employee_deactivated',
    'employee_reactivated', 'employee_removed', 'employee_pin_regenerated', 'till_device_trusted',
    'till_device_revoked', 'discount_limit_changed'
  )),
  subject_type text NOT NULL CHECK (subject_type IN ('sale', 'product', 'user', 'device', 'business')),
  subject_id uuid,
  -- Names are copied: the log still reads right after a person is renamed or removed.
  actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
  actor_name text NOT NULL,
  approver_id uuid REFERENCES users (id) ON DELETE SET NULL,
  approver_name text,
  summary text NOT NULL,
  before jsonb,
  after jsonb,
  reason text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_business_time_idx ON audit_log (business_id, created_at DESC, id DESC);
CREATE INDEX audit_log_subject_idx ON audit_log (business_id, subject_type, subject_id);

ALTER TABLE audit_log ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON audit_log
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
GRANT SELECT, INSERT ON audit_log TO app_tenant;
