ALTER TABLE "transaction_questions" ADD COLUMN "reminder_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transaction_questions" ADD COLUMN "last_reminded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "transaction_questions_waiting_idx" ON "transaction_questions" USING btree ("asked_at") WHERE "transaction_questions"."status" = 'waiting';