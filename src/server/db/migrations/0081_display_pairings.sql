-- Customer displays on another device (a tablet facing the customer) paired with one till by a short code.
-- The code is shown on the till and lives ten minutes; a tablet that claims it gets a random token in an
-- HttpOnly cookie (only its SHA-256 is kept) and from then on receives that till's display events only.
-- The till revokes a pairing; one unused for 30 days is no longer accepted.
CREATE TABLE display_pairings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  business_id uuid NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  till_id uuid NOT NULL,
  -- Six digits while waiting to be claimed; cleared once claimed, cancelled or expired.
  code text CHECK (code IS NULL OR code ~ '^[0-9]{6}$'),
  code_expires_at timestamptz NOT NULL,
  token_hash text UNIQUE,
  name text NOT NULL DEFAULT 'Customer display',
  created_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now(),
  claimed_at timestamptz,
  last_seen_at timestamptz,
  revoked_at timestamptz
);
CREATE UNIQUE INDEX display_pairings_code_key ON display_pairings (business_id, code) WHERE code IS NOT NULL;
CREATE INDEX display_pairings_till_idx ON display_pairings (business_id, till_id, created_at DESC);

ALTER TABLE display_pairings ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON display_pairings
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
GRANT SELECT, INSERT, UPDATE ON display_pairings TO app_tenant;
