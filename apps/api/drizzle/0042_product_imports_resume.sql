ALTER TABLE "product_media" ADD COLUMN "source_url" text;--> statement-breakpoint
ALTER TABLE "product_imports" ADD COLUMN "rows" jsonb;--> statement-breakpoint
ALTER TABLE "product_imports" ADD COLUMN "worker" text;--> statement-breakpoint
ALTER TABLE "product_imports" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_imports" ADD COLUMN "images_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_imports" ADD COLUMN "images_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "product_imports_unfinished_idx" ON "product_imports" USING btree ("heartbeat_at") WHERE "product_imports"."status" in ('validating', 'running');