-- A client's bookkeeping history in one place (docs/clients.md): once any path gives a client the
-- Bookkeeping service (staff creating or editing the client, a lead's onboarding creating it), the
-- client has used bookkeeping at least once. Every reader (the current-client answer and the
-- sidebar/route guard built on it, reconciliation, the bookkeeping tracker) reads this one column,
-- and no code path can forget to set it. The services table names the service (case-insensitive).
CREATE OR REPLACE FUNCTION clients_record_bookkeeping_use() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE clients c SET used_bookkeeping_service_at_least_once = true
  FROM new_rows n
  JOIN services s ON s.id = n.service_id AND lower(s.name) = 'bookkeeping'
  WHERE c.id = n.client_id AND NOT c.used_bookkeeping_service_at_least_once;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER client_services_bookkeeping_use
  AFTER INSERT ON client_services
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION clients_record_bookkeeping_use();
--> statement-breakpoint
-- Clients given the service before this trigger existed (onboarding and client creation did not set it).
UPDATE clients c SET used_bookkeeping_service_at_least_once = true
WHERE NOT c.used_bookkeeping_service_at_least_once
  AND EXISTS (
    SELECT 1 FROM client_services cs JOIN services s ON s.id = cs.service_id
    WHERE cs.client_id = c.id AND lower(s.name) = 'bookkeeping'
  );
