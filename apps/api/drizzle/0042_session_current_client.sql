CREATE TABLE "last_chosen_clients" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"client_id" integer
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "current_client_id" integer;--> statement-breakpoint
ALTER TABLE "last_chosen_clients" ADD CONSTRAINT "last_chosen_clients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "last_chosen_clients" ADD CONSTRAINT "last_chosen_clients_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_current_client_id_clients_id_fk" FOREIGN KEY ("current_client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_current_client_idx" ON "sessions" USING btree ("current_client_id") WHERE "sessions"."current_client_id" is not null;--> statement-breakpoint
-- The current account moves from the user to the session (ADR 0014). Each user's choice so far becomes
-- their last choice, which new sign-ins start on; users.current_client_id stays, unwritten, until a
-- later release (the previous release reads it during a rolling update: docs/deployment.md).
INSERT INTO "last_chosen_clients" ("user_id", "client_id")
SELECT "id", "current_client_id" FROM "users" WHERE "current_client_id" IS NOT NULL
ON CONFLICT ("user_id") DO NOTHING;
--> statement-breakpoint
-- Sessions still in use keep acting for the account they acted for; ended ones are never read again.
UPDATE "sessions" SET "current_client_id" = "users"."current_client_id"
FROM "users"
WHERE "users"."id" = "sessions"."user_id"
  AND "users"."current_client_id" IS NOT NULL
  AND "sessions"."current_client_id" IS NULL
  AND "sessions"."revoked_at" IS NULL
  AND "sessions"."expires_at" > now();
