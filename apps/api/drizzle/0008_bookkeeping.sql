CREATE TABLE "bookkeeping_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bookkeeping_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"number_of_accounts" integer DEFAULT 0 NOT NULL,
	"is_quick_books_draft_done" boolean DEFAULT false NOT NULL,
	"is_quick_books_review_done" boolean DEFAULT false NOT NULL,
	"updated_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookkeeping_records_month_check" CHECK ("bookkeeping_records"."month" between 1 and 12),
	CONSTRAINT "bookkeeping_records_accounts_check" CHECK ("bookkeeping_records"."number_of_accounts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bookkeeping_records" ADD CONSTRAINT "bookkeeping_records_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookkeeping_records" ADD CONSTRAINT "bookkeeping_records_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookkeeping_records_client_period_key" ON "bookkeeping_records" USING btree ("client_id","year","month");