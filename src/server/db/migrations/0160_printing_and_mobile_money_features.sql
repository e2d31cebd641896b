-- Receipt printing and mobile money became POS features that hide their screens when turned off (Settings →
-- Business): receipt_printing the receipt's Print, mobile_payments the mobile-money methods. Every shop that
-- existed before printed receipts and took mobile money, so each keeps both; a new business chooses its
-- features at onboarding (platform §9's defaults stay inventory and customer management).
UPDATE businesses
SET pos_features = pos_features || ARRAY(
  SELECT feature
  FROM unnest(ARRAY['receipt_printing', 'mobile_payments']) AS feature
  WHERE NOT feature = ANY (pos_features)
)
WHERE NOT pos_features @> ARRAY['receipt_printing', 'mobile_payments'];
