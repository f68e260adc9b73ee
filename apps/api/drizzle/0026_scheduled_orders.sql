ALTER TABLE "checkouts" ADD COLUMN "scheduled_slot_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "scheduled_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "scheduled_end" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_slot_idx" ON "orders" USING btree ("store_id","scheduled_start") WHERE scheduled_start is not null;