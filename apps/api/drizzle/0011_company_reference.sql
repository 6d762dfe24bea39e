CREATE TABLE "business_entity_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"designator" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "counties" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "counties_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"state_id" integer NOT NULL,
	"name" text NOT NULL,
	"fips_code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "industries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "industries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "management_structures" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizer_titles" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registered_agent_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "states" ADD COLUMN "llc_filing_fee_for_residents" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "states" ADD COLUMN "corporation_filing_fee_for_residents" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "states" ADD COLUMN "check_business_name_availability_url" text;--> statement-breakpoint
ALTER TABLE "counties" ADD CONSTRAINT "counties_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "counties_fips_code_key" ON "counties" USING btree ("fips_code");--> statement-breakpoint
CREATE INDEX "counties_state_id_name_idx" ON "counties" USING btree ("state_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "industries_name_key" ON "industries" USING btree (lower("name"));