CREATE INDEX "clients_bookkeeping_name_idx" ON "clients" USING btree (lower("name"),"id") WHERE "clients"."used_bookkeeping_service_at_least_once";--> statement-breakpoint
CREATE INDEX "transaction_questions_client_asked_idx" ON "transaction_questions" USING btree ("client_id","asked_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- A client's bookkeeping history stays in one column (0028) when a service the client has is named
-- Bookkeeping later: the tracker reads that column alone, off the index above (issue 26).
CREATE OR REPLACE FUNCTION services_record_bookkeeping_use() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE clients c SET used_bookkeeping_service_at_least_once = true
  FROM client_services cs
  JOIN new_rows n ON n.id = cs.service_id AND lower(n.name) = 'bookkeeping'
  WHERE c.id = cs.client_id AND NOT c.used_bookkeeping_service_at_least_once;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER services_bookkeeping_use
  AFTER UPDATE ON services
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION services_record_bookkeeping_use();
--> statement-breakpoint
UPDATE clients c SET used_bookkeeping_service_at_least_once = true
WHERE NOT c.used_bookkeeping_service_at_least_once
  AND EXISTS (
    SELECT 1 FROM client_services cs JOIN services s ON s.id = cs.service_id
    WHERE cs.client_id = c.id AND lower(s.name) = 'bookkeeping'
  );
