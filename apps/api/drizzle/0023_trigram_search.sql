-- "Contains" searches (ILIKE '%text%') on the largest lists use trigram indexes instead of scanning:
-- document names (1M documents), client names (50k clients) and bank transaction names.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "documents_display_name_trgm_idx" ON "documents" USING gin ("display_name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "clients_name_trgm_idx" ON "clients" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bank_transactions_name_trgm_idx" ON "bank_transactions" USING gin ("name" gin_trgm_ops);
