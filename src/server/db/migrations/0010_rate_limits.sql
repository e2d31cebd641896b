-- Attempt counters for sign-in, PIN and password-reset endpoints. Kept in the database (not in memory) so that
-- a limit holds across every server instance. Not tenant data: keys name an IP, an account or a business.

CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  window_ends_at timestamptz NOT NULL
);
CREATE INDEX rate_limits_window_ends_at_idx ON rate_limits (window_ends_at);
