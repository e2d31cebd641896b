-- Changes to a business's payment settings are written to the audit log (never the secret key itself: only that
-- it changed and its last 4 characters).
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check CHECK (action IN (
  'sale_refunded', 'sale_voided', 'override_approved', 'discount_above_limit', 'stock_adjusted',
  'price_changed', 'employee_created', 'employee_role_changed', 'employee_deactivated',
  'employee_reactivated', 'employee_removed', 'employee_pin_regenerated', 'till_device_trusted',
  'till_device_revoked', 'discount_limit_changed', 'payment_settings_changed'
));
