-- Business settings (issue 16): how prices are entered (tax-inclusive or tax-exclusive), the tax rate a new
-- product starts with, what a printed receipt shows, and which permissions managers and cashiers hold.
--
-- Role permissions live on the business row on purpose: every signed-in request already reads that row (and the
-- server holds it briefly in its auth cache), so a changed role costs no extra query, and migration 0101's
-- trigger on businesses already announces every update of the row on pos_auth_cache. Every server drops the
-- business and all its sessions when it hears it, so the next request of a signed-in cashier is checked against
-- the new permissions. The trigger below makes that explicit for this column (and survives a later change of
-- the general trigger): a change of role permissions always notifies, whichever code path made it.
ALTER TABLE businesses
  ADD COLUMN prices_include_tax boolean NOT NULL DEFAULT false,
  ADD COLUMN default_tax_rate numeric(5, 2) NOT NULL DEFAULT 12.5
    CHECK (default_tax_rate BETWEEN 0 AND 100),
  ADD COLUMN receipt_settings jsonb NOT NULL DEFAULT '{}'::jsonb
    CHECK (jsonb_typeof(receipt_settings) = 'object'),
  ADD COLUMN role_permissions jsonb NOT NULL DEFAULT '{}'::jsonb
    CHECK (jsonb_typeof(role_permissions) = 'object');

CREATE FUNCTION notify_role_permissions_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM pg_notify('pos_auth_cache', 'business:' || NEW.id);
    RETURN NULL;
  END
  $$;

CREATE TRIGGER businesses_role_permissions_notify AFTER UPDATE OF role_permissions ON businesses
  FOR EACH ROW WHEN (OLD.role_permissions IS DISTINCT FROM NEW.role_permissions)
  EXECUTE FUNCTION notify_role_permissions_changed();

-- Settings changes are written to the audit log. The action list is extended where it stands (other changes may
-- have added actions of their own to the same check), never rewritten from a copy.
DO $$
DECLARE
  definition text;
BEGIN
  SELECT pg_get_constraintdef(oid) INTO definition FROM pg_constraint
    WHERE conname = 'audit_log_action_check' AND conrelid = 'audit_log'::regclass;
  EXECUTE 'ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check';
  EXECUTE 'ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check '
    || replace(definition, 'ARRAY[', 'ARRAY[''business_settings_changed''::text, ''role_permissions_changed''::text, ');
END
$$;
