-- The documents lists cache their total counts under this version (ADR 0009). Every statement that
-- changes what a list filters on (the documents' own filter columns, their tags) adds one in its
-- own transaction, so the new version becomes visible exactly when the change does. Statement
-- triggers: a bulk change costs one update of the counter, not one per row. Updating only
-- number_of_comments or updated_at leaves counts as they were and does not fire.
INSERT INTO list_versions (name, version) VALUES ('documents', 0) ON CONFLICT (name) DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION documents_list_version_bump() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE list_versions SET version = version + 1 WHERE name = 'documents';
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER documents_list_version_rows
  AFTER INSERT OR DELETE ON documents
  FOR EACH STATEMENT EXECUTE FUNCTION documents_list_version_bump();
--> statement-breakpoint
CREATE TRIGGER documents_list_version_filters
  AFTER UPDATE OF client_id, service_id, status, display_name, created_at, uploaded_by_client_side, creator_user_id
  ON documents
  FOR EACH STATEMENT EXECUTE FUNCTION documents_list_version_bump();
--> statement-breakpoint
CREATE TRIGGER documents_list_version_truncate
  AFTER TRUNCATE ON documents
  FOR EACH STATEMENT EXECUTE FUNCTION documents_list_version_bump();
--> statement-breakpoint
CREATE TRIGGER document_tags_list_version
  AFTER INSERT OR UPDATE OR DELETE ON document_tags
  FOR EACH STATEMENT EXECUTE FUNCTION documents_list_version_bump();
--> statement-breakpoint
CREATE TRIGGER document_tags_list_version_truncate
  AFTER TRUNCATE ON document_tags
  FOR EACH STATEMENT EXECUTE FUNCTION documents_list_version_bump();
