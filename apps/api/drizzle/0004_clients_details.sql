CREATE TABLE "client_collaborator_services" (
	"client_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	CONSTRAINT "client_collaborator_services_client_id_user_id_service_id_pk" PRIMARY KEY("client_id","user_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "client_profile_pictures" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_spouses" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"ssn_encrypted" text,
	"birth_date_encrypted" text,
	"phone_number" text,
	"address_line1" text,
	"address_line2" text,
	"city" text,
	"state_id" integer,
	"zip_code" text
);
--> statement-breakpoint
CREATE TABLE "states" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "states_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "trade_name" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "website" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "tin_encrypted" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "tin_index" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "last_name" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "ssn_encrypted" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "ssn_index" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "birth_date_encrypted" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "marital_status" smallint;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "email_address" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "phone_number" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "address_line1" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "address_line2" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "state_id" integer;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "zip_code" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "client_collaborator_services" ADD CONSTRAINT "client_collaborator_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_collaborator_services" ADD CONSTRAINT "client_collaborator_services_collaborator_fk" FOREIGN KEY ("client_id","user_id") REFERENCES "public"."client_collaborators"("client_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_profile_pictures" ADD CONSTRAINT "client_profile_pictures_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_spouses" ADD CONSTRAINT "client_spouses_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_spouses" ADD CONSTRAINT "client_spouses_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "states_code_key" ON "states" USING btree (upper("code"));--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clients_tin_index_idx" ON "clients" USING btree ("tin_index");--> statement-breakpoint
CREATE INDEX "clients_ssn_index_idx" ON "clients" USING btree ("ssn_index");--> statement-breakpoint
CREATE INDEX "clients_state_idx" ON "clients" USING btree ("state_id");