CREATE TABLE "companies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "companies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_resident" boolean NOT NULL,
	"business_entity_type" integer NOT NULL,
	"state_id" integer NOT NULL,
	"legal_name" text NOT NULL,
	"doing_business_as" text,
	"industry_id" integer,
	"other_industry_name" text,
	"contact_first_name" text NOT NULL,
	"contact_last_name" text NOT NULL,
	"contact_email_address" text NOT NULL,
	"contact_phone_number" text NOT NULL,
	"contact_fax" text,
	"management_structure" integer,
	"business_address_type" smallint NOT NULL,
	"business_address_line1" text,
	"business_address_line2" text,
	"business_address_city" text,
	"business_address_zip_code" text,
	"business_address_email_address" text,
	"business_address_phone_number" text,
	"social_security_number_encrypted" text,
	"social_security_first_name" text,
	"social_security_last_name" text,
	"registration_payment_id" integer,
	"state_filing_fee_cents" integer NOT NULL,
	"processing_fee_cents" integer NOT NULL,
	"service_fee_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"coupon_code" text,
	"coupon_discount_type" smallint,
	"coupon_discount_value" numeric(12, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_business_address_type_check" CHECK ("companies"."business_address_type" in (1, 2)),
	CONSTRAINT "companies_industry_check" CHECK ("companies"."industry_id" is not null or "companies"."other_industry_name" is not null),
	CONSTRAINT "companies_fees_check" CHECK ("companies"."discount_cents" between 0 and "companies"."service_fee_cents" and "companies"."total_cents" = "companies"."state_filing_fee_cents" + "companies"."processing_fee_cents" + "companies"."service_fee_cents" - "companies"."discount_cents")
);
--> statement-breakpoint
CREATE TABLE "company_organizers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "company_organizers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"titles" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"middle_name" text,
	"share_ownership" integer NOT NULL,
	"is_director" boolean DEFAULT false NOT NULL,
	"passport_file_id" integer,
	"passport_file_name_encrypted" text,
	CONSTRAINT "company_organizers_titles_check" CHECK ("company_organizers"."titles" <@ '{1,2,3,4}'::smallint[]),
	CONSTRAINT "company_organizers_share_ownership_check" CHECK ("company_organizers"."share_ownership" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "company_registered_agents" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"registered_agent_type" integer NOT NULL,
	"company_name" text,
	"first_name" text,
	"last_name" text,
	"middle_name" text,
	"address_line1" text NOT NULL,
	"address_line2" text,
	"city" text NOT NULL,
	"county_id" integer NOT NULL,
	"zip_code" text NOT NULL,
	"email_address" text,
	"phone_number" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_business_entity_type_business_entity_types_id_fk" FOREIGN KEY ("business_entity_type") REFERENCES "public"."business_entity_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_industry_id_industries_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."industries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_management_structure_management_structures_id_fk" FOREIGN KEY ("management_structure") REFERENCES "public"."management_structures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_registration_payment_id_payments_id_fk" FOREIGN KEY ("registration_payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_organizers" ADD CONSTRAINT "company_organizers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_organizers" ADD CONSTRAINT "company_organizers_passport_file_id_stored_files_id_fk" FOREIGN KEY ("passport_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_registered_agents" ADD CONSTRAINT "company_registered_agents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_registered_agents" ADD CONSTRAINT "company_registered_agents_registered_agent_type_registered_agent_types_id_fk" FOREIGN KEY ("registered_agent_type") REFERENCES "public"."registered_agent_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_registered_agents" ADD CONSTRAINT "company_registered_agents_county_id_counties_id_fk" FOREIGN KEY ("county_id") REFERENCES "public"."counties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_created_at_idx" ON "companies" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "companies_registration_payment_key" ON "companies" USING btree ("registration_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_organizers_company_position_key" ON "company_organizers" USING btree ("company_id","position");