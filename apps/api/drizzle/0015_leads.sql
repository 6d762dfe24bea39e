CREATE TABLE "lead_accounting_software_tools" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_acquisition_channels" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_annual_sales_ranges" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_employee_count_ranges" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_industries" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_service_plans" (
	"lead_id" integer NOT NULL,
	"service_plan_id" integer NOT NULL,
	CONSTRAINT "lead_service_plans_lead_id_service_plan_id_pk" PRIMARY KEY("lead_id","service_plan_id")
);
--> statement-breakpoint
CREATE TABLE "lead_services" (
	"lead_id" integer NOT NULL,
	"onboarding_service_id" integer NOT NULL,
	CONSTRAINT "lead_services_lead_id_onboarding_service_id_pk" PRIMARY KEY("lead_id","onboarding_service_id")
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "leads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"id_hash" text NOT NULL,
	"status" smallint NOT NULL,
	"legal_company_name" text NOT NULL,
	"contact_first_name" text NOT NULL,
	"contact_last_name" text NOT NULL,
	"contact_email_address" text NOT NULL,
	"contact_phone_number" text NOT NULL,
	"contact_position" smallint NOT NULL,
	"owner_first_name" text,
	"owner_last_name" text,
	"intake_answered_at" timestamp with time zone,
	"industry_id" integer,
	"other_industry_name" text,
	"annual_sales_range_id" integer,
	"employee_count_range_id" integer,
	"acquisition_channel_id" integer,
	"has_any_ready_financial_report" boolean,
	"year_to_get_tax_service" integer,
	"currently_doing_bookkeeping" boolean,
	"year_to_get_bookkeeping_service" integer,
	"accounting_software_tool_id" integer,
	"currently_getting_payroll_service" boolean,
	"contract_accepted_at" timestamp with time zone,
	"company_ein_encrypted" text,
	"company_website" text,
	"company_phone_number" text,
	"company_address" text,
	"linked_user_id" integer,
	"client_id" integer,
	"company_bank_name" text,
	"company_bank_routing_number_encrypted" text,
	"company_bank_account_number_encrypted" text,
	"tax_return_file_id" integer,
	"employer_identification_number_file_id" integer,
	"article_of_incorporation_file_id" integer,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onboarding_services" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_plan_services" (
	"service_plan_id" integer NOT NULL,
	"onboarding_service_id" integer NOT NULL,
	CONSTRAINT "service_plan_services_service_plan_id_onboarding_service_id_pk" PRIMARY KEY("service_plan_id","onboarding_service_id")
);
--> statement-breakpoint
CREATE TABLE "service_plans" (
	"id" integer PRIMARY KEY NOT NULL,
	"is_package" boolean DEFAULT false NOT NULL,
	"fee" numeric(12, 2),
	"payment_frequency" smallint NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "used_captcha_challenges" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_service_plans" ADD CONSTRAINT "lead_service_plans_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_service_plans" ADD CONSTRAINT "lead_service_plans_service_plan_id_service_plans_id_fk" FOREIGN KEY ("service_plan_id") REFERENCES "public"."service_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_services" ADD CONSTRAINT "lead_services_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_services" ADD CONSTRAINT "lead_services_onboarding_service_id_onboarding_services_id_fk" FOREIGN KEY ("onboarding_service_id") REFERENCES "public"."onboarding_services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_industry_id_lead_industries_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."lead_industries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_annual_sales_range_id_lead_annual_sales_ranges_id_fk" FOREIGN KEY ("annual_sales_range_id") REFERENCES "public"."lead_annual_sales_ranges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_employee_count_range_id_lead_employee_count_ranges_id_fk" FOREIGN KEY ("employee_count_range_id") REFERENCES "public"."lead_employee_count_ranges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_acquisition_channel_id_lead_acquisition_channels_id_fk" FOREIGN KEY ("acquisition_channel_id") REFERENCES "public"."lead_acquisition_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_accounting_software_tool_id_lead_accounting_software_tools_id_fk" FOREIGN KEY ("accounting_software_tool_id") REFERENCES "public"."lead_accounting_software_tools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_linked_user_id_users_id_fk" FOREIGN KEY ("linked_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_tax_return_file_id_stored_files_id_fk" FOREIGN KEY ("tax_return_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_employer_identification_number_file_id_stored_files_id_fk" FOREIGN KEY ("employer_identification_number_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_article_of_incorporation_file_id_stored_files_id_fk" FOREIGN KEY ("article_of_incorporation_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_plan_services" ADD CONSTRAINT "service_plan_services_service_plan_id_service_plans_id_fk" FOREIGN KEY ("service_plan_id") REFERENCES "public"."service_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_plan_services" ADD CONSTRAINT "service_plan_services_onboarding_service_id_onboarding_services_id_fk" FOREIGN KEY ("onboarding_service_id") REFERENCES "public"."onboarding_services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "leads_id_hash_key" ON "leads" USING btree ("id_hash");--> statement-breakpoint
CREATE INDEX "leads_created_at_idx" ON "leads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "leads_linked_user_idx" ON "leads" USING btree ("linked_user_id");--> statement-breakpoint
CREATE INDEX "used_captcha_challenges_expires_idx" ON "used_captcha_challenges" USING btree ("expires_at");