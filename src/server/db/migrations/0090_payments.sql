-- Payments that complete (issue: mobile money and card through a provider). Each business chooses its provider
-- (sandbox by default, Paystack, or manual mobile money to the shop's merchant number); its secret key is kept
-- encrypted (AES-256-GCM) and never returned. Every non-cash payment gets our own unique reference, which is
-- what the provider and its webhooks speak of and how a webhook finds its business's sale.

CREATE TABLE payment_settings (
  business_id uuid PRIMARY KEY REFERENCES businesses (id) ON DELETE CASCADE,
  provider text NOT NULL DEFAULT 'sandbox' CHECK (provider IN ('sandbox', 'paystack', 'manual')),
  mode text NOT NULL DEFAULT 'test' CHECK (mode IN ('test', 'live')),
  paystack_secret_key_encrypted text,
  paystack_secret_key_last4 text,
  paystack_base_url text NOT NULL DEFAULT 'https://api.paystack.co',
  paystack_terminal_id text,
  -- Paystack's mobile_money.provider code per method; sources differ, so the owner may change them.
  network_codes jsonb NOT NULL DEFAULT '{"mtn_momo": "MTN", "telecel_cash": "VOD", "airteltigo_money": "ATL"}',
  momo_merchant_number text,
  momo_merchant_name text,
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE payments ADD COLUMN phone text;
-- What the provider asked for next: the customer approves on the phone (pay_offline) or we need the OTP.
ALTER TABLE payments ADD COLUMN next_action text CHECK (next_action IN ('pay_offline', 'send_otp'));
ALTER TABLE payments ADD COLUMN display_text text;
-- The provider's own id of the charge (a Paystack payment request id for the terminal).
ALTER TABLE payments ADD COLUMN provider_id text;
-- Set when money arrived that must not simply complete the sale: another amount or currency than the sale's,
-- or a payment that came after the sale was cancelled (it is owed back to the customer).
ALTER TABLE payments ADD COLUMN flag text CHECK (flag IN ('amount_mismatch', 'paid_after_cancel'));
-- Manual mobile money: who typed the transaction ID from the customer's confirmation SMS.
ALTER TABLE payments ADD COLUMN confirmed_by uuid REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE payments ADD COLUMN refunded_at timestamptz;
CREATE UNIQUE INDEX payments_provider_reference_key ON payments (provider_reference)
  WHERE provider_reference IS NOT NULL;
CREATE INDEX payments_pending_idx ON payments (created_at) WHERE status = 'pending' AND provider IS NOT NULL;

-- Every webhook event once: the same event delivered twice is recognised and changes nothing the second time.
CREATE TABLE payment_events (
  business_id uuid NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  provider text NOT NULL,
  event_key text NOT NULL,
  reference text,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (business_id, provider, event_key)
);

-- A failed or cancelled payment gives the sale's stock back; the ledger says why.
ALTER TABLE stock_movements DROP CONSTRAINT stock_movements_reason_check;
ALTER TABLE stock_movements ADD CONSTRAINT stock_movements_reason_check
  CHECK (reason IN ('sale', 'refund', 'void', 'add', 'subtract', 'set', 'import', 'initial', 'write_off',
    'payment_failed'));

ALTER TABLE payment_settings ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON payment_settings
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
ALTER TABLE payment_events ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON payment_events
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
GRANT SELECT, INSERT, UPDATE ON payment_settings TO app_tenant;
GRANT SELECT, INSERT ON payment_events TO app_tenant;
