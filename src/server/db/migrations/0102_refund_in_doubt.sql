-- A provider refund that got no answer in time may or may not have reached the provider. It is kept 'unknown'
-- (not 'failed'), and the next attempt asks the provider's list of refunds before sending anything again.
ALTER TABLE payment_refunds DROP CONSTRAINT payment_refunds_status_check;
ALTER TABLE payment_refunds ADD CONSTRAINT payment_refunds_status_check
  CHECK (status IN ('sending', 'sent', 'failed', 'recorded', 'unknown'));
