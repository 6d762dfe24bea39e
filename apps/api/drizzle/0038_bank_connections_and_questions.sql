CREATE TABLE "transaction_questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transaction_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" integer NOT NULL,
	"transaction_id" bigint NOT NULL,
	"question" text NOT NULL,
	"suggested_category_id" integer,
	"status" text DEFAULT 'waiting' NOT NULL,
	"asked_again_note" text,
	"answer_category_id" integer,
	"answer_note_encrypted" text,
	"receipt_document_id" integer,
	"asked_by_user_id" integer,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_by_user_id" integer,
	"answered_at" timestamp with time zone,
	"resolved_by_user_id" integer,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "transaction_questions_status_check" CHECK ("transaction_questions"."status" in ('waiting', 'answered', 'resolved'))
);
--> statement-breakpoint
ALTER TABLE "bank_institutions" ADD COLUMN "connection_state" text DEFAULT 'healthy' NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_institutions" ADD COLUMN "connection_error_code" text;--> statement-breakpoint
ALTER TABLE "bank_institutions" ADD COLUMN "connection_state_since" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- The flag becomes a state: a login flagged before is one that needs a new sign-in (0039 drops the flag).
UPDATE "bank_institutions" SET "connection_state" = 'login-required', "connection_error_code" = 'ITEM_LOGIN_REQUIRED' WHERE "needs_reauthentication";--> statement-breakpoint
ALTER TABLE "transaction_questions" ADD CONSTRAINT "transaction_questions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_questions" ADD CONSTRAINT "transaction_questions_transaction_id_bank_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."bank_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_questions" ADD CONSTRAINT "transaction_questions_suggested_category_id_transaction_categories_id_fk" FOREIGN KEY ("suggested_category_id") REFERENCES "public"."transaction_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_questions" ADD CONSTRAINT "transaction_questions_answer_category_id_transaction_categories_id_fk" FOREIGN KEY ("answer_category_id") REFERENCES "public"."transaction_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_questions" ADD CONSTRAINT "transaction_questions_receipt_document_id_documents_id_fk" FOREIGN KEY ("receipt_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_questions" ADD CONSTRAINT "transaction_questions_asked_by_user_id_users_id_fk" FOREIGN KEY ("asked_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_questions" ADD CONSTRAINT "transaction_questions_answered_by_user_id_users_id_fk" FOREIGN KEY ("answered_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_questions" ADD CONSTRAINT "transaction_questions_resolved_by_user_id_users_id_fk" FOREIGN KEY ("resolved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_questions_open_key" ON "transaction_questions" USING btree ("transaction_id") WHERE "transaction_questions"."status" <> 'resolved';--> statement-breakpoint
CREATE INDEX "transaction_questions_client_status_idx" ON "transaction_questions" USING btree ("client_id","status","asked_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transaction_questions_transaction_idx" ON "transaction_questions" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "bank_institutions_needs_action_idx" ON "bank_institutions" USING btree ("connection_state_since") WHERE "bank_institutions"."connection_state" <> 'healthy';--> statement-breakpoint
ALTER TABLE "bank_institutions" ADD CONSTRAINT "bank_institutions_connection_state_check" CHECK ("bank_institutions"."connection_state" in ('healthy', 'login-required', 'pending-expiration', 'disconnected', 'error'));