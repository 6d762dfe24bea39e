-- The audit trail is append-only (DESIGN.md section 4, issue 11 item 3): no code path updates or
-- deletes its rows, and the database refuses it too, so neither a bug nor someone with the API's
-- database credentials can quietly rewrite history. Statement-level triggers fire even when no row
-- matches, so every UPDATE, DELETE and TRUNCATE statement on the table fails.
CREATE OR REPLACE FUNCTION audit_events_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_no_update_or_delete
  BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate
  BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_refuse_change();
