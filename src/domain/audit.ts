// What the audit log records (operations §7 with the transactions work): money and stock reversed, approvals
// given on the spot, prices and stock changed by hand, and changes to staff. One list, shared by the server,
// its database check and the audit-log screen's filter.

export const AUDIT_ACTIONS = [
  'sale_refunded',
  'sale_voided',
  /** A manager or owner authorised, with their PIN, something the person at the till may not do alone. */
  'override_approved',
  /** A discount above the business's limit went through (with its approval). */
  'discount_above_limit',
  'stock_adjusted',
  'price_changed',
  'employee_created',
  'employee_role_changed',
  'employee_deactivated',
  'employee_reactivated',
  'employee_removed',
  'employee_pin_regenerated',
  'till_device_trusted',
  'till_device_revoked',
  'discount_limit_changed',
  /** Provider, mode, keys (only "changed, ending 1234"), addresses or the MoMo merchant number (migration 0096). */
  'payment_settings_changed',
  /** A shift opened with its float, cash put in or taken out of its drawer, and its closing count (migration 0130). */
  'shift_opened',
  'shift_closed',
  'shift_cash_in',
  'shift_cash_out',
  /** The loyalty program switched on or off, or its rates changed (migration 0145). */
  'loyalty_settings_changed',
  /** Settings → Business, Tax or Receipts: which fields changed, before and after (migration 0140). */
  'business_settings_changed',
  /** Settings → Roles: the permissions managers or cashiers hold (migration 0140). */
  'role_permissions_changed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an action was done to: a sale, a product, a person, a device, the business's settings. */
export const AUDIT_SUBJECTS = ['sale', 'product', 'user', 'device', 'business', 'shift'] as const;
export type AuditSubject = (typeof AUDIT_SUBJECTS)[number];
