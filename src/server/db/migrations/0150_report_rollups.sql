-- Reports (issue 16) over long periods: daily roll-ups per business, so a 12-month report reads ~365 pre-summed
-- days instead of a million sale lines. A roll-up is derived data, never the record: it is filled by the report
-- that first needs it (src/server/modules/reports/rollups.ts), and a day is read from the raw rows whenever its
-- roll-up is missing or no longer valid.
--
-- Validity: every day that a late write touches gets its version raised (report_day_versions); a roll-up keeps
-- the version it was computed from, in the same statement (one snapshot) as its figures, and is used only while
-- the version is unchanged and the business's timezone is the one it was computed in. Writes to rows less than a
-- day old (the till's sales, refunds, mobile money confirmations: the busy path) raise nothing, so concurrent
-- sales never queue on a version row: instead they hold a shared lock the fill waits for (see
-- report_wait_for_writers), and a day is rolled up only once it ended more than a day ago. docs/decisions.md
-- ("Reports: daily roll-ups") has the argument.
--
-- No foreign keys on the roll-ups: they are rebuilt from the rows they sum, and a cold year inserts ~half a million
-- product rows, which per-row key checks would slow for nothing.

CREATE TABLE report_day_versions (
  business_id uuid NOT NULL,
  -- The business-local day (in its timezone when the write happened).
  day date NOT NULL,
  version bigint NOT NULL DEFAULT 1,
  PRIMARY KEY (business_id, day)
);

-- The money summary of one closed day: the figures of periodMoney and the cost of goods, plus what validates it.
CREATE TABLE report_days (
  business_id uuid NOT NULL,
  day date NOT NULL,
  timezone text NOT NULL,
  version bigint NOT NULL,
  sale_count integer NOT NULL,
  gross_sales bigint NOT NULL,
  discounts bigint NOT NULL,
  points_redeemed bigint NOT NULL,
  sales_total bigint NOT NULL,
  refunds bigint NOT NULL,
  refund_count integer NOT NULL,
  tax bigint NOT NULL,
  void_count integer NOT NULL,
  voids bigint NOT NULL,
  cost_of_goods bigint NOT NULL,
  PRIMARY KEY (business_id, day)
);

-- Tenders of the day's counted transactions by channel (a method, or manual_momo).
CREATE TABLE report_day_payments (
  business_id uuid NOT NULL,
  day date NOT NULL,
  channel text NOT NULL,
  count integer NOT NULL,
  amount bigint NOT NULL,
  PRIMARY KEY (business_id, day, channel)
);

-- Counted lines by product (null: lines of deleted products, one group as in the raw reports).
CREATE TABLE report_day_products (
  business_id uuid NOT NULL,
  day date NOT NULL,
  product_id uuid,
  quantity bigint NOT NULL,
  sales bigint NOT NULL,
  cost bigint NOT NULL,
  CONSTRAINT report_day_products_key UNIQUE NULLS NOT DISTINCT (business_id, day, product_id)
    INCLUDE (quantity, sales)
);

CREATE TABLE report_day_cashiers (
  business_id uuid NOT NULL,
  day date NOT NULL,
  cashier_id uuid NOT NULL,
  sale_count integer NOT NULL,
  gross_sales bigint NOT NULL,
  discounts bigint NOT NULL,
  discounted_sales integer NOT NULL,
  refunds bigint NOT NULL,
  sales_total bigint NOT NULL,
  PRIMARY KEY (business_id, day, cashier_id)
);

-- A busy shop sells most of its products every day, so a year of product days is still ~half a million rows:
-- whole calendar months are summed once more. A month is valid while the sum of its days' versions is the one
-- it was built from (versions only grow, so any late write to one of its days changes the sum).
CREATE TABLE report_months (
  business_id uuid NOT NULL,
  -- The month's first day.
  month date NOT NULL,
  timezone text NOT NULL,
  version_sum bigint NOT NULL,
  PRIMARY KEY (business_id, month)
);

CREATE TABLE report_month_products (
  business_id uuid NOT NULL,
  month date NOT NULL,
  product_id uuid,
  quantity bigint NOT NULL,
  sales bigint NOT NULL,
  CONSTRAINT report_month_products_key UNIQUE NULLS NOT DISTINCT (business_id, month, product_id)
    INCLUDE (quantity, sales)
);

DO $$
DECLARE
  name text;
BEGIN
  FOREACH name IN ARRAY ARRAY['report_day_versions', 'report_days', 'report_day_payments', 'report_day_products',
    'report_day_cashiers', 'report_months', 'report_month_products']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', name);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING '
      '(business_id = nullif(current_setting(''app.business_id'', true), '''')::uuid)', name);
  END LOOP;
END
$$;
-- The report's fill replaces roll-ups; the writers (the tenant's own sales, refunds, voids) raise versions.
GRANT SELECT, INSERT, DELETE ON report_days, report_day_payments, report_day_products, report_day_cashiers,
  report_months, report_month_products TO app_tenant;
GRANT SELECT, INSERT, UPDATE ON report_day_versions TO app_tenant;

-- The advisory lock keys of a business: 'writers' (held shared by every write to report rows until it commits)
-- and 'fill' (one fill of a business's roll-ups at a time).
CREATE FUNCTION report_lock_key(kind text, business uuid) RETURNS bigint
  LANGUAGE sql IMMUTABLE AS $$ SELECT hashtextextended('report_' || kind || ':' || business::text, 0) $$;

-- Called by the triggers below with the times (the transaction's created_at) of the report rows a statement
-- wrote, of one business.
CREATE FUNCTION report_days_changed(business uuid, times timestamptz[]) RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  zone text;
BEGIN
  -- First the lock, then the clock: a fill that reads the clock, then waits for this lock's holders, sees every
  -- write that judged its rows fresh (docs/decisions.md, "Reports: daily roll-ups").
  PERFORM pg_advisory_xact_lock_shared(report_lock_key('writers', business));
  IF EXISTS (SELECT 1 FROM unnest(times) AS t (at) WHERE t.at < clock_timestamp() - interval '1 day') THEN
    SELECT b.timezone INTO zone FROM businesses b WHERE b.id = business;
    INSERT INTO report_day_versions (business_id, day)
      SELECT DISTINCT business, (t.at AT TIME ZONE zone)::date
      FROM unnest(times) AS t (at)
      WHERE t.at < clock_timestamp() - interval '1 day'
    ON CONFLICT (business_id, day) DO UPDATE SET version = report_day_versions.version + 1;
  END IF;
END
$$;

-- Sales, refunds and voids: the row's own time. An update counts at the old and the new time.
CREATE FUNCTION report_transactions_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM report_days_changed(n.business_id, array_agg(DISTINCT n.created_at))
      FROM report_new n GROUP BY n.business_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM report_days_changed(o.business_id, array_agg(DISTINCT o.created_at))
      FROM report_old o GROUP BY o.business_id;
  END IF;
  RETURN NULL;
END
$$;

-- Sale lines and tenders belong to their transaction's day, whenever they are written (a tender may come later).
-- The transaction is looked up by its key for each row (a join could be planned as a scan of all transactions).
CREATE FUNCTION report_transaction_rows_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM report_days_changed(n.business_id, array_agg(DISTINCT coalesce((SELECT t.created_at FROM transactions t
        WHERE t.business_id = n.business_id AND t.id = n.transaction_id), n.created_at)))
      FROM report_new n
      GROUP BY n.business_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM report_days_changed(o.business_id, array_agg(DISTINCT coalesce((SELECT t.created_at FROM transactions t
        WHERE t.business_id = o.business_id AND t.id = o.transaction_id), o.created_at)))
      FROM report_old o
      GROUP BY o.business_id;
  END IF;
  RETURN NULL;
END
$$;

-- A void is a cancelled sale with a sale_voided audit line: the line changes its sale's day.
CREATE FUNCTION report_voids_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM report_days_changed(n.business_id, array_agg(DISTINCT t.created_at))
      FROM report_new n
      JOIN transactions t ON t.business_id = n.business_id AND t.id = n.subject_id
      WHERE n.action = 'sale_voided' AND n.subject_type = 'sale'
      GROUP BY n.business_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM report_days_changed(o.business_id, array_agg(DISTINCT t.created_at))
      FROM report_old o
      JOIN transactions t ON t.business_id = o.business_id AND t.id = o.subject_id
      WHERE o.action = 'sale_voided' AND o.subject_type = 'sale'
      GROUP BY o.business_id;
  END IF;
  RETURN NULL;
END
$$;

-- Points redeemed on a sale are part of its day's figures (the ledger is append-only).
CREATE FUNCTION report_redemptions_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_days_changed(n.business_id, array_agg(DISTINCT t.created_at))
    FROM report_new n
    JOIN transactions t ON t.business_id = n.business_id AND t.id = n.sale_id
    WHERE n.reason = 'redeemed'
    GROUP BY n.business_id;
  RETURN NULL;
END
$$;

-- Statement triggers with transition tables: one call per statement (a checkout's three lines are one), and a
-- bulk import of a year is one call too. A trigger with transition tables takes one event, hence three each.
CREATE TRIGGER report_transactions_inserted AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS report_new FOR EACH STATEMENT EXECUTE FUNCTION report_transactions_changed();
CREATE TRIGGER report_transactions_updated AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS report_old NEW TABLE AS report_new
  FOR EACH STATEMENT EXECUTE FUNCTION report_transactions_changed();
CREATE TRIGGER report_transactions_deleted AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS report_old FOR EACH STATEMENT EXECUTE FUNCTION report_transactions_changed();

CREATE TRIGGER report_items_inserted AFTER INSERT ON transaction_items
  REFERENCING NEW TABLE AS report_new FOR EACH STATEMENT EXECUTE FUNCTION report_transaction_rows_changed();
CREATE TRIGGER report_items_updated AFTER UPDATE ON transaction_items
  REFERENCING OLD TABLE AS report_old NEW TABLE AS report_new
  FOR EACH STATEMENT EXECUTE FUNCTION report_transaction_rows_changed();
CREATE TRIGGER report_items_deleted AFTER DELETE ON transaction_items
  REFERENCING OLD TABLE AS report_old FOR EACH STATEMENT EXECUTE FUNCTION report_transaction_rows_changed();

CREATE TRIGGER report_payments_inserted AFTER INSERT ON payments
  REFERENCING NEW TABLE AS report_new FOR EACH STATEMENT EXECUTE FUNCTION report_transaction_rows_changed();
CREATE TRIGGER report_payments_updated AFTER UPDATE ON payments
  REFERENCING OLD TABLE AS report_old NEW TABLE AS report_new
  FOR EACH STATEMENT EXECUTE FUNCTION report_transaction_rows_changed();
CREATE TRIGGER report_payments_deleted AFTER DELETE ON payments
  REFERENCING OLD TABLE AS report_old FOR EACH STATEMENT EXECUTE FUNCTION report_transaction_rows_changed();

CREATE TRIGGER report_voids_inserted AFTER INSERT ON audit_log
  REFERENCING NEW TABLE AS report_new FOR EACH STATEMENT EXECUTE FUNCTION report_voids_changed();
CREATE TRIGGER report_voids_updated AFTER UPDATE ON audit_log
  REFERENCING OLD TABLE AS report_old NEW TABLE AS report_new
  FOR EACH STATEMENT EXECUTE FUNCTION report_voids_changed();
CREATE TRIGGER report_voids_deleted AFTER DELETE ON audit_log
  REFERENCING OLD TABLE AS report_old FOR EACH STATEMENT EXECUTE FUNCTION report_voids_changed();

CREATE TRIGGER report_redemptions_inserted AFTER INSERT ON loyalty_ledger
  REFERENCING NEW TABLE AS report_new FOR EACH STATEMENT EXECUTE FUNCTION report_redemptions_changed();

-- Waits until every write that holds the writers' lock of the business has ended (committed or not). The lock
-- is taken in a block that then fails on purpose: rolling back the block's subtransaction gives the lock back at
-- once (new writers go on, and those judge the days the fill is about to roll up as old), and nothing can leave
-- it held past the transaction, whatever interrupts it.
CREATE FUNCTION report_wait_for_writers(business uuid) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  BEGIN
    PERFORM pg_advisory_xact_lock(report_lock_key('writers', business));
    RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'report writers waited for';
  EXCEPTION WHEN SQLSTATE 'P0001' THEN
    NULL;
  END;
END
$$;

-- A new timezone moves every day's boundaries: the business's roll-ups go (after any fill in progress), and the
-- days are rolled up again in the new timezone as reports need them.
CREATE FUNCTION report_timezone_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(report_lock_key('fill', NEW.id));
  DELETE FROM report_days WHERE business_id = NEW.id;
  DELETE FROM report_day_payments WHERE business_id = NEW.id;
  DELETE FROM report_day_products WHERE business_id = NEW.id;
  DELETE FROM report_day_cashiers WHERE business_id = NEW.id;
  DELETE FROM report_months WHERE business_id = NEW.id;
  DELETE FROM report_month_products WHERE business_id = NEW.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER report_timezone_changed AFTER UPDATE OF timezone ON businesses
  FOR EACH ROW WHEN (OLD.timezone IS DISTINCT FROM NEW.timezone) EXECUTE FUNCTION report_timezone_changed();
