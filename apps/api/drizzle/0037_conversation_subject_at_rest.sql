ALTER TABLE "conversations" ALTER COLUMN "subject" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "subject_encrypted" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_subject" CHECK ("conversations"."subject_encrypted" is not null or "conversations"."subject" is not null);