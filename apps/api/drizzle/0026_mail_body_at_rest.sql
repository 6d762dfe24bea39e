ALTER TABLE "mail_messages" ALTER COLUMN "html" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_messages" ALTER COLUMN "text" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "body_erased_at" timestamp with time zone;