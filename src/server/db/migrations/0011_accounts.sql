-- Accounts: PIN quick login on users, single-use tokens (password reset, sign-up hand-off) and server secrets.

-- PINs are never stored in clear: pin_hash is an HMAC-SHA256 of (business_id, pin) under a server secret, so a
-- PIN is found with one indexed lookup and is unique within its business.
ALTER TABLE users
  ADD COLUMN pin_hash text,
  ADD COLUMN pin_expires_at timestamptz,
  -- platform §4 / operations: a first-login PIN is cleared after its first successful use.
  ADD COLUMN is_first_login boolean NOT NULL DEFAULT false,
  ADD COLUMN last_login_at timestamptz;
CREATE UNIQUE INDEX users_business_pin_key ON users (business_id, pin_hash) WHERE pin_hash IS NOT NULL;

-- Single-use tokens sent to a person: only their SHA-256 is kept. Server-side only (no tenant grant).
CREATE TABLE account_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  purpose text NOT NULL CHECK (purpose IN ('password_reset', 'sign_in_handoff')),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  business_id uuid NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX account_tokens_user_idx ON account_tokens (user_id, purpose);
CREATE INDEX account_tokens_expires_at_idx ON account_tokens (expires_at);

-- Secrets the server generates for itself on first start when none is configured (the PIN HMAC key), shared
-- by every server instance. Server-side only.
CREATE TABLE app_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
