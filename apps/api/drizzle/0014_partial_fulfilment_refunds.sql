CREATE TABLE "fulfillment_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fulfillment_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"quantity" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "payment_transactions_order_kind_uq";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "refunded_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "restocked_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "reference" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "fulfillment_items" ADD CONSTRAINT "fulfillment_items_fulfillment_id_fulfillments_id_fk" FOREIGN KEY ("fulfillment_id") REFERENCES "public"."fulfillments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fulfillment_items" ADD CONSTRAINT "fulfillment_items_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fulfillment_items_fulfillment_item_uq" ON "fulfillment_items" USING btree ("fulfillment_id","order_item_id");--> statement-breakpoint
CREATE INDEX "fulfillment_items_order_item_idx" ON "fulfillment_items" USING btree ("order_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_order_kind_ref_uq" ON "payment_transactions" USING btree ("order_id","kind","reference");--> statement-breakpoint
-- Backfill (decision 025): fulfillments made before partial fulfilment carried the whole order.
INSERT INTO "fulfillment_items" ("fulfillment_id", "order_item_id", "quantity")
SELECT f."id", i."id", i."quantity" FROM "fulfillments" f JOIN "order_items" i ON i."order_id" = f."order_id";--> statement-breakpoint
-- Whole-order refunds gave back the total.
UPDATE "orders" SET "refunded_amount" = "total" WHERE "payment_status" = 'refunded';--> statement-breakpoint
UPDATE "order_items" SET "refunded_quantity" = "quantity" WHERE "order_id" IN (SELECT "id" FROM "orders" WHERE "payment_status" = 'refunded');
