CREATE TABLE "request_reminders" (
	"request_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"firm_day" date NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	"sent_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_reminders_request_id_user_id_firm_day_pk" PRIMARY KEY("request_id","user_id","firm_day")
);
--> statement-breakpoint
CREATE TABLE "notification_mails" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notification_mails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"mail_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_mails_kind" CHECK ("notification_mails"."kind" in ('batch', 'digest', 'reminder'))
);
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "reminders_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "reminder_days_before" smallint;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "reminder_on_due_date" boolean;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "reminder_every_days_overdue" smallint;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "reminder_max_count" smallint;--> statement-breakpoint
ALTER TABLE "firm_settings" ADD COLUMN "reminder_days_before" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "firm_settings" ADD COLUMN "reminder_on_due_date" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "firm_settings" ADD COLUMN "reminder_every_days_overdue" smallint DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "firm_settings" ADD COLUMN "reminder_max_count" smallint DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "request_reminders" ADD CONSTRAINT "request_reminders_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_reminders" ADD CONSTRAINT "request_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_reminders" ADD CONSTRAINT "request_reminders_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_mails" ADD CONSTRAINT "notification_mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_reminders_user_day_idx" ON "request_reminders" USING btree ("user_id","firm_day");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_mails_user_kind_period_key" ON "notification_mails" USING btree ("user_id","kind","period");--> statement-breakpoint
ALTER TABLE "firm_settings" ADD CONSTRAINT "firm_settings_reminders" CHECK ("firm_settings"."reminder_days_before" between 0 and 60 and "firm_settings"."reminder_every_days_overdue" between 1 and 60 and "firm_settings"."reminder_max_count" between 0 and 50);