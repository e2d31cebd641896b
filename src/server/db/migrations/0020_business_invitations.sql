-- Onboarding invitations sent by internal admins, and the admins' own notes on a business.

-- One row per invitation mail: who sent it, when, to whom. The link carries a random token; only its
-- SHA-256 is kept. Onboarding needs an unexpired, unused one, so nobody can take over a new business by
-- guessing its slug.
CREATE TABLE business_invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  business_id uuid NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  sent_by_admin_id uuid REFERENCES internal_admins (id) ON DELETE SET NULL,
  sent_to text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  mail_id uuid REFERENCES mail_outbox (id) ON DELETE SET NULL,
  delivery_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  used_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX business_invitations_business_idx ON business_invitations (business_id, created_at DESC);

-- Onboarding runs as the business's tenant: it reads its invitation and marks it used.
ALTER TABLE business_invitations ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON business_invitations
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
GRANT SELECT, UPDATE ON business_invitations TO app_tenant;

-- The notes field of the admin's create-business form (platform §3), for the provider's staff only.
CREATE TABLE business_admin_notes (
  business_id uuid PRIMARY KEY REFERENCES businesses (id) ON DELETE CASCADE,
  notes text NOT NULL,
  written_by_admin_id uuid REFERENCES internal_admins (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
