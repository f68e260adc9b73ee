CREATE TABLE "seller_order_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seller_order_requests" ADD CONSTRAINT "seller_order_requests_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_order_requests" ADD CONSTRAINT "seller_order_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "seller_order_requests_store_key_uq" ON "seller_order_requests" USING btree ("store_id","key");--> statement-breakpoint
CREATE INDEX "seller_order_requests_store_created_idx" ON "seller_order_requests" USING btree ("store_id","created_at");