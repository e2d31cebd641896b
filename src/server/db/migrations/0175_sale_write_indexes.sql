-- A sale's write, lighter (issue 14).
--
-- Only sales with a customer are looked up by customer: the index of (business_id, customer_id) held every sale,
-- almost all with no customer. Smaller, it is also no longer a candidate for the look-ups of a sale by
-- (business_id, id) (its lines' and tenders' foreign keys, the report triggers), which a connection that planned
-- them before the table had statistics could otherwise walk for every check.
DROP INDEX transactions_customer_idx;
CREATE INDEX transactions_customer_idx ON transactions (business_id, customer_id) WHERE customer_id IS NOT NULL;

-- (business_id, created_at) was indexed twice: the reports' covering index (0120) serves the history's
-- newest-first list as well (read backwards), so a sale writes one index less.
DROP INDEX transactions_business_created_idx;
