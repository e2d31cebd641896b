-- A payment's provider reference was indexed twice: (business_id, provider_reference) from migration 0040, and
-- the unique key on provider_reference alone (0090), which also serves every look-up by business and reference
-- (the reference is unique across businesses). The first held an entry for every payment, cash ones without a
-- reference too, so each sale wrote one index entry more than it needs (issue 14).
DROP INDEX payments_provider_reference_idx;
