-- Trusted till devices: PIN quick login is offered only on a browser an owner or manager, signed in with a
-- password, marked as a till. The browser keeps a long-lived random token in a cookie; only its SHA-256 is
-- kept here. Failed PIN attempts are counted per device, so nobody else can try PINs or lock the shop out.
CREATE TABLE till_devices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  business_id uuid NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  name text NOT NULL,
  trusted_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  trusted_by_name text NOT NULL,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX till_devices_business_idx ON till_devices (business_id, created_at DESC);

ALTER TABLE till_devices ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON till_devices
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
GRANT SELECT, INSERT, UPDATE ON till_devices TO app_tenant;
