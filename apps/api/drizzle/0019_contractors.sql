CREATE TABLE "contractor_payments" (
	"contractor_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contractor_payments_contractor_id_payment_id_pk" PRIMARY KEY("contractor_id","payment_id")
);
--> statement-breakpoint
CREATE TABLE "contractors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contractors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" integer NOT NULL,
	"tax_year" smallint NOT NULL,
	"contractor_type" smallint NOT NULL,
	"business_name" text,
	"first_name" text,
	"last_name" text,
	"identification_number_encrypted" text NOT NULL,
	"identification_number_last4" text NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text,
	"city" text NOT NULL,
	"state_id" integer NOT NULL,
	"zip_code" text NOT NULL,
	"total_payment_cents" bigint NOT NULL,
	"service_fee_cents" integer NOT NULL,
	"is_completed" boolean DEFAULT false NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contractors_type_check" CHECK ("contractors"."contractor_type" in (1, 2)),
	CONSTRAINT "contractors_names_check" CHECK (("contractors"."contractor_type" = 1 and "contractors"."business_name" is not null) or ("contractors"."contractor_type" = 2 and "contractors"."first_name" is not null and "contractors"."last_name" is not null)),
	CONSTRAINT "contractors_total_payment_check" CHECK ("contractors"."total_payment_cents" >= 0),
	CONSTRAINT "contractors_service_fee_check" CHECK ("contractors"."service_fee_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "contractor_payments" ADD CONSTRAINT "contractor_payments_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_payments" ADD CONSTRAINT "contractor_payments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractors" ADD CONSTRAINT "contractors_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractors" ADD CONSTRAINT "contractors_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractors" ADD CONSTRAINT "contractors_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contractor_payments_payment_idx" ON "contractor_payments" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "contractors_client_year_idx" ON "contractors" USING btree ("client_id","tax_year");--> statement-breakpoint
CREATE INDEX "contractors_year_idx" ON "contractors" USING btree ("tax_year");