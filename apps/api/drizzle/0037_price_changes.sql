CREATE TABLE "price_change_items" (
	"change_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"title" text NOT NULL,
	"variant_title" text,
	"price_before" integer NOT NULL,
	"price_after" integer NOT NULL,
	"compare_at_before" integer,
	"compare_at_after" integer,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "price_change_items_change_id_variant_id_pk" PRIMARY KEY("change_id","variant_id")
);
--> statement-breakpoint
CREATE TABLE "price_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"actor_id" uuid,
	"filter" jsonb NOT NULL,
	"change_type" text NOT NULL,
	"change_value" integer NOT NULL,
	"apply" text NOT NULL,
	"rounding" text NOT NULL,
	"variant_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" uuid,
	"restored_count" integer,
	"left_count" integer
);
--> statement-breakpoint
ALTER TABLE "price_change_items" ADD CONSTRAINT "price_change_items_change_id_price_changes_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."price_changes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_changes" ADD CONSTRAINT "price_changes_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_changes" ADD CONSTRAINT "price_changes_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_changes" ADD CONSTRAINT "price_changes_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_changes_store_created_idx" ON "price_changes" USING btree ("store_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);