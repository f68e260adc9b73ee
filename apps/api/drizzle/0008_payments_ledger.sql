CREATE TABLE "payment_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"order_number" integer NOT NULL,
	"customer_name" text NOT NULL,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"amount" integer NOT NULL,
	"provider" text,
	"provider_payment_id" text,
	"fee" integer,
	"net" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_order_kind_uq" ON "payment_transactions" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "payment_transactions_store_created_idx" ON "payment_transactions" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_transactions_store_method_created_idx" ON "payment_transactions" USING btree ("store_id","method","created_at");--> statement-breakpoint
CREATE INDEX "payment_transactions_store_status_created_idx" ON "payment_transactions" USING btree ("store_id","status","created_at");--> statement-breakpoint
CREATE INDEX "payment_transactions_store_kind_created_idx" ON "payment_transactions" USING btree ("store_id","kind","created_at");--> statement-breakpoint
-- Backfill (decision 018): every order already paid gets its payment row, dated by its
-- PAYMENT_RECEIVED event (else the order's last change); refunded orders also get their refund.
INSERT INTO "payment_transactions" ("store_id", "order_id", "order_number", "customer_name", "kind", "method", "status", "amount", "provider", "provider_payment_id", "created_at", "updated_at")
SELECT o."store_id", o."id", o."number",
	trim(coalesce(o."contact"->>'firstName', '') || ' ' || coalesce(o."contact"->>'lastName', '')),
	'payment', o."payment_method", 'approved', o."total",
	CASE WHEN o."payment_method" = 'mercado_pago' THEN 'mercado_pago' END,
	o."payment_details"->>'paymentId',
	coalesce((SELECT min(e."created_at") FROM "order_events" e WHERE e."order_id" = o."id" AND e."type" = 'PAYMENT_RECEIVED'), o."updated_at"),
	now()
FROM "orders" o
WHERE o."payment_status" IN ('paid', 'refunded', 'partially_refunded')
ON CONFLICT ("order_id", "kind") DO NOTHING;--> statement-breakpoint
INSERT INTO "payment_transactions" ("store_id", "order_id", "order_number", "customer_name", "kind", "method", "status", "amount", "provider", "provider_payment_id", "created_at", "updated_at")
SELECT o."store_id", o."id", o."number",
	trim(coalesce(o."contact"->>'firstName', '') || ' ' || coalesce(o."contact"->>'lastName', '')),
	'refund', o."payment_method", 'approved', o."total",
	CASE WHEN o."payment_method" = 'mercado_pago' THEN 'mercado_pago' END,
	o."payment_details"->>'paymentId',
	coalesce((SELECT max(e."created_at") FROM "order_events" e WHERE e."order_id" = o."id" AND e."type" = 'PAYMENT_REFUNDED'), o."updated_at"),
	now()
FROM "orders" o
WHERE o."payment_status" = 'refunded'
ON CONFLICT ("order_id", "kind") DO NOTHING;
