-- The inbox's and the requests list's counts are kept under list versions as the documents' are
-- (ADR 0009, migration 0025; issue 26). Every statement that changes what those counts read moves the
-- version in its own transaction, so a new version becomes visible exactly when the change does.
--
-- 'conversations': the inbox's total (status, assignee, client, unread filters) and its unread count,
-- which read conversations and the people's read marks. A new message moves the version through the
-- conversation's last message ids (0043's trigger updates them).
-- 'requests': the requests list's total, which reads the requests row alone.
INSERT INTO list_versions (name, version) VALUES ('conversations', 0), ('requests', 0) ON CONFLICT (name) DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_version_bump() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE list_versions SET version = version + 1 WHERE name = TG_ARGV[0];
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER conversations_list_version_rows
  AFTER INSERT OR DELETE ON conversations
  FOR EACH STATEMENT EXECUTE FUNCTION list_version_bump('conversations');
--> statement-breakpoint
CREATE TRIGGER conversations_list_version_filters
  AFTER UPDATE OF client_id, status, assignee_user_id, last_message_id, last_client_visible_message_id
  ON conversations
  FOR EACH STATEMENT EXECUTE FUNCTION list_version_bump('conversations');
--> statement-breakpoint
CREATE TRIGGER conversations_list_version_truncate
  AFTER TRUNCATE ON conversations
  FOR EACH STATEMENT EXECUTE FUNCTION list_version_bump('conversations');
--> statement-breakpoint
CREATE TRIGGER conversation_reads_list_version
  AFTER INSERT OR UPDATE OR DELETE ON conversation_reads
  FOR EACH STATEMENT EXECUTE FUNCTION list_version_bump('conversations');
--> statement-breakpoint
CREATE TRIGGER conversation_reads_list_version_truncate
  AFTER TRUNCATE ON conversation_reads
  FOR EACH STATEMENT EXECUTE FUNCTION list_version_bump('conversations');
--> statement-breakpoint
CREATE TRIGGER requests_list_version_rows
  AFTER INSERT OR DELETE ON requests
  FOR EACH STATEMENT EXECUTE FUNCTION list_version_bump('requests');
--> statement-breakpoint
CREATE TRIGGER requests_list_version_filters
  AFTER UPDATE OF client_id, service_id, status, due_date, creator_user_id, title
  ON requests
  FOR EACH STATEMENT EXECUTE FUNCTION list_version_bump('requests');
--> statement-breakpoint
CREATE TRIGGER requests_list_version_truncate
  AFTER TRUNCATE ON requests
  FOR EACH STATEMENT EXECUTE FUNCTION list_version_bump('requests');
