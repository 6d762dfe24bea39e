CREATE TABLE "request_item_tags" (
	"item_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "request_item_tags_item_id_tag_id_pk" PRIMARY KEY("item_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "request_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "request_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"request_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"kind" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"answer_encrypted" text,
	"not_applicable" boolean DEFAULT false NOT NULL,
	"not_applicable_reason" text,
	"return_note" text,
	"submitted_at" timestamp with time zone,
	"submitted_by_user_id" integer,
	"reviewed_at" timestamp with time zone,
	"reviewed_by_user_id" integer
);
--> statement-breakpoint
CREATE TABLE "request_schedule_clients" (
	"schedule_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	CONSTRAINT "request_schedule_clients_schedule_id_client_id_pk" PRIMARY KEY("schedule_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "request_schedules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "request_schedules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"template_id" integer NOT NULL,
	"day_of_month" smallint NOT NULL,
	"audience" smallint NOT NULL,
	"audience_service_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"creator_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_schedules_day_of_month" CHECK ("request_schedules"."day_of_month" between 1 and 28),
	CONSTRAINT "request_schedules_audience" CHECK (("request_schedules"."audience" = 1 and "request_schedules"."audience_service_id" is null) or ("request_schedules"."audience" = 2 and "request_schedules"."audience_service_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "request_template_item_tags" (
	"item_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "request_template_item_tags_item_id_tag_id_pk" PRIMARY KEY("item_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "request_template_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "request_template_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"template_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"kind" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "request_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"service_id" integer NOT NULL,
	"due_offset_days" integer NOT NULL,
	"creator_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_templates_due_offset" CHECK ("request_templates"."due_offset_days" between 0 and 365)
);
--> statement-breakpoint
CREATE TABLE "requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"due_date" date NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"creator_user_id" integer,
	"template_id" integer,
	"schedule_id" integer,
	"period" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "request_item_id" integer;--> statement-breakpoint
ALTER TABLE "firm_settings" ADD COLUMN "time_zone" text DEFAULT 'America/New_York' NOT NULL;--> statement-breakpoint
ALTER TABLE "request_item_tags" ADD CONSTRAINT "request_item_tags_item_id_request_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."request_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_item_tags" ADD CONSTRAINT "request_item_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_items" ADD CONSTRAINT "request_items_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_items" ADD CONSTRAINT "request_items_submitted_by_user_id_users_id_fk" FOREIGN KEY ("submitted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_items" ADD CONSTRAINT "request_items_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("reviewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_schedule_clients" ADD CONSTRAINT "request_schedule_clients_schedule_id_request_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."request_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_schedule_clients" ADD CONSTRAINT "request_schedule_clients_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_schedules" ADD CONSTRAINT "request_schedules_template_id_request_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."request_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_schedules" ADD CONSTRAINT "request_schedules_audience_service_id_services_id_fk" FOREIGN KEY ("audience_service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_schedules" ADD CONSTRAINT "request_schedules_creator_user_id_users_id_fk" FOREIGN KEY ("creator_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_template_item_tags" ADD CONSTRAINT "request_template_item_tags_item_id_request_template_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."request_template_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_template_item_tags" ADD CONSTRAINT "request_template_item_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_template_items" ADD CONSTRAINT "request_template_items_template_id_request_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."request_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_templates" ADD CONSTRAINT "request_templates_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_templates" ADD CONSTRAINT "request_templates_creator_user_id_users_id_fk" FOREIGN KEY ("creator_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_creator_user_id_users_id_fk" FOREIGN KEY ("creator_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_template_id_request_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."request_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_schedule_id_request_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."request_schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "request_items_position_key" ON "request_items" USING btree ("request_id","position");--> statement-breakpoint
CREATE INDEX "request_items_status_idx" ON "request_items" USING btree ("status","request_id");--> statement-breakpoint
CREATE INDEX "request_schedule_clients_client_idx" ON "request_schedule_clients" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "request_template_items_position_key" ON "request_template_items" USING btree ("template_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "request_templates_name_key" ON "request_templates" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "requests_client_status_due_idx" ON "requests" USING btree ("client_id","status","due_date");--> statement-breakpoint
CREATE INDEX "requests_status_due_idx" ON "requests" USING btree ("status","due_date","id");--> statement-breakpoint
CREATE INDEX "requests_created_idx" ON "requests" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "requests_schedule_period_client_key" ON "requests" USING btree ("schedule_id","period","client_id") WHERE "requests"."schedule_id" is not null;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_request_item_id_request_items_id_fk" FOREIGN KEY ("request_item_id") REFERENCES "public"."request_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_request_item_idx" ON "documents" USING btree ("request_item_id") WHERE "documents"."request_item_id" is not null;--> statement-breakpoint
-- Requests' permissions for the roles of databases seeded before requests existed, as the seed now
-- gives them (packages/shared/src/permissions/catalogue.ts, docs/permissions.md).
INSERT INTO "role_permissions" ("role_id", "permission")
SELECT r."id", p."permission"
FROM "roles" r
JOIN (VALUES
  ('admin', 'request'), ('admin', 'request-template'), ('admin', 'request-schedule'),
  ('advisor', 'request'), ('advisor', 'request-template:list'),
  ('supervisor', 'request'), ('supervisor', 'request-template:list'),
  ('employee', 'request:list'), ('employee', 'request:add'), ('employee', 'request:edit'),
  ('employee', 'request:review'), ('employee', 'request-template:list'),
  ('client', 'request:list'), ('client', 'request:respond')
) AS p("role", "permission") ON p."role" = r."name"
ON CONFLICT DO NOTHING;
