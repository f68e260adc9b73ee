CREATE TABLE "commission_category_rates" (
	"category" text PRIMARY KEY NOT NULL,
	"rate_bp" integer NOT NULL,
	CONSTRAINT "commission_category_rates_rate" CHECK ("commission_category_rates"."rate_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "commission_settings" (
	"singleton" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"default_rate_bp" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "commission_settings_one_row" CHECK ("commission_settings"."singleton"),
	CONSTRAINT "commission_settings_rate" CHECK ("commission_settings"."default_rate_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "commission_store_rates" (
	"store_id" uuid PRIMARY KEY NOT NULL,
	"rate_bp" integer NOT NULL,
	CONSTRAINT "commission_store_rates_rate" CHECK ("commission_store_rates"."rate_bp" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "commission_rate_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "commission" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "commission_refunded" integer GENERATED ALWAYS AS (case when refunded_amount <= 0 or total <= 0 then 0 when refunded_amount >= total then commission else div(2 * commission::numeric * refunded_amount + total, 2 * total::numeric)::integer end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "commission_settings" ADD CONSTRAINT "commission_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_store_rates" ADD CONSTRAINT "commission_store_rates_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;