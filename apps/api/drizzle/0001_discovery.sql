CREATE TABLE "addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"device_id" uuid,
	"label" text,
	"street" text NOT NULL,
	"number" text NOT NULL,
	"floor_apartment" text,
	"city" text NOT NULL,
	"province_code" text NOT NULL,
	"postal_code" text,
	"notes" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"place_id" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "localities" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"search_name" text NOT NULL,
	"kind" text NOT NULL,
	"parent" text,
	"department" text,
	"province_code" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL,
	"source" text DEFAULT 'builtin' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "addresses_device_idx" ON "addresses" USING btree ("device_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_user_default_uq" ON "addresses" USING btree ("user_id") WHERE "addresses"."is_default" and "addresses"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_device_default_uq" ON "addresses" USING btree ("device_id") WHERE "addresses"."is_default" and "addresses"."user_id" is null;--> statement-breakpoint
CREATE INDEX "localities_search_prefix_idx" ON "localities" USING btree ("search_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "localities_province_idx" ON "localities" USING btree ("province_code");