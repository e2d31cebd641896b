-- Self sign-up proves the owner's email (docs/decisions.md, "Sign-up verifies the owner's email").
-- Everyone who exists already reached the product through a mailed link or an admin: verified.
ALTER TABLE users ADD COLUMN email_verified boolean NOT NULL DEFAULT true;

ALTER TABLE account_tokens DROP CONSTRAINT account_tokens_purpose_check;
ALTER TABLE account_tokens ADD CONSTRAINT account_tokens_purpose_check
  CHECK (purpose IN ('password_reset', 'sign_in_handoff', 'email_verification'));
