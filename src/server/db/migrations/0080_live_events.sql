-- Live events (GET /api/v1/events): each event is written here in the transaction that causes it and
-- announced with NOTIFY pos_events, which PostgreSQL delivers to every server instance only at commit. The
-- rows let a subscriber that reconnects with Last-Event-ID receive what it missed; they are pruned after an
-- hour. The id is the SSE event id, ordered within one database.
CREATE TABLE live_events (
  id bigserial PRIMARY KEY,
  business_id uuid NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  scope text NOT NULL,
  type text NOT NULL,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX live_events_replay_idx ON live_events (business_id, scope, id);
CREATE INDEX live_events_created_idx ON live_events (created_at);

ALTER TABLE live_events ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON live_events
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
GRANT SELECT, INSERT ON live_events TO app_tenant;
GRANT USAGE ON SEQUENCE live_events_id_seq TO app_tenant;
