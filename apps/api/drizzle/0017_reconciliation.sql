CREATE TABLE "bank_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"institution_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"provider_account_id" text NOT NULL,
	"subtype" smallint NOT NULL,
	"name" text NOT NULL,
	"mask" text,
	"current_balance_cents" bigint DEFAULT 0 NOT NULL,
	"iso_currency_code" text DEFAULT 'USD' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_accounts_subtype_check" CHECK ("bank_accounts"."subtype" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "bank_institutions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_institutions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_item_id" text NOT NULL,
	"provider_institution_id" text,
	"name" text NOT NULL,
	"logo" text,
	"access_token_encrypted" text NOT NULL,
	"sync_cursor" text,
	"needs_reauthentication" boolean DEFAULT false NOT NULL,
	"last_synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_institutions_provider_check" CHECK ("bank_institutions"."provider" in ('plaid', 'sandbox'))
);
--> statement-breakpoint
CREATE TABLE "bank_sandbox_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_sandbox_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" integer NOT NULL,
	"institution_code" text NOT NULL,
	"subtype" smallint NOT NULL,
	"login_mode" text DEFAULT 'good' NOT NULL,
	"login_required" boolean DEFAULT false NOT NULL,
	"access_token_hash" text,
	"history_start" date NOT NULL,
	"round_dates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_sandbox_items_accessTokenHash_unique" UNIQUE("access_token_hash")
);
--> statement-breakpoint
CREATE TABLE "bank_sync_states" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"last_sync_time" timestamp with time zone,
	"sync_round" integer DEFAULT 0 NOT NULL,
	"sync_queued_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bank_transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"provider_transaction_id" text NOT NULL,
	"date" date NOT NULL,
	"name" text NOT NULL,
	"category_id" integer,
	"amount_cents" bigint NOT NULL,
	"iso_currency_code" text DEFAULT 'USD' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transaction_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transaction_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "transaction_categories_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_institution_id_bank_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."bank_institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_institutions" ADD CONSTRAINT "bank_institutions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_sandbox_items" ADD CONSTRAINT "bank_sandbox_items_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_sync_states" ADD CONSTRAINT "bank_sync_states_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_account_id_bank_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_category_id_transaction_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."transaction_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_provider_key" ON "bank_accounts" USING btree ("institution_id","provider_account_id");--> statement-breakpoint
CREATE INDEX "bank_accounts_client_idx" ON "bank_accounts" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_institutions_item_key" ON "bank_institutions" USING btree ("provider","provider_item_id");--> statement-breakpoint
CREATE INDEX "bank_institutions_client_idx" ON "bank_institutions" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transactions_provider_key" ON "bank_transactions" USING btree ("account_id","provider_transaction_id");--> statement-breakpoint
CREATE INDEX "bank_transactions_account_date_idx" ON "bank_transactions" USING btree ("account_id","date" DESC NULLS LAST,"id" DESC NULLS LAST);