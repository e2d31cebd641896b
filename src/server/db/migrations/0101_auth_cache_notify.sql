-- The server keeps the businesses, sessions and people it has just looked up for a few seconds, so that a
-- request does not read them again (issue 14: two of a sale's round trips). Any change to those rows must
-- reach every server at once: these triggers announce it on the channel pos_auth_cache, from whichever code
-- path made it (sign-out, a deactivation, a role or PIN change, a business switched off, an expired session
-- swept), and each server drops what it held. A NOTIFY is delivered when the change commits, never before.
CREATE FUNCTION notify_auth_cache() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_TABLE_NAME = 'businesses' THEN
      PERFORM pg_notify('pos_auth_cache', 'business:' || OLD.id);
    ELSIF TG_TABLE_NAME = 'users' THEN
      PERFORM pg_notify('pos_auth_cache', 'user:' || OLD.id);
    ELSIF TG_TABLE_NAME = 'sessions' THEN
      PERFORM pg_notify('pos_auth_cache', 'session:' || OLD.token_hash);
    END IF;
    RETURN NULL;
  END
  $$;

CREATE TRIGGER businesses_notify_auth_cache AFTER UPDATE OR DELETE ON businesses
  FOR EACH ROW EXECUTE FUNCTION notify_auth_cache();
CREATE TRIGGER users_notify_auth_cache AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_auth_cache();
CREATE TRIGGER sessions_notify_auth_cache AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_auth_cache();
