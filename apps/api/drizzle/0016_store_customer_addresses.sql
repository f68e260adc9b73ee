CREATE TABLE "store_customer_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"street" text NOT NULL,
	"number" text NOT NULL,
	"floor_apartment" text,
	"neighbourhood" text,
	"city" text NOT NULL,
	"province_code" text NOT NULL,
	"postal_code" text,
	"notes" text,
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_customer_addresses" ADD CONSTRAINT "store_customer_addresses_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_customer_addresses" ADD CONSTRAINT "store_customer_addresses_customer_id_store_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."store_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_customer_addresses_customer_idx" ON "store_customer_addresses" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "store_customers_store_email_idx" ON "store_customers" USING btree ("store_id",lower("email"));--> statement-breakpoint
-- The address a seller saved on a customer becomes their first delivery address (no point yet:
-- it gets the locality's centre when the seller next picks it for a delivery order).
INSERT INTO "store_customer_addresses" ("store_id", "customer_id", "street", "number", "floor_apartment", "neighbourhood", "city", "province_code", "postal_code", "created_at")
SELECT c."store_id", c."id", c."address"->>'street', c."address"->>'number', c."address"->>'floorApartment', c."address"->>'neighbourhood', c."address"->>'city', c."address"->>'provinceCode', c."address"->>'postalCode', c."created_at"
  FROM "store_customers" c
 WHERE c."address" IS NOT NULL AND c."address"->>'street' IS NOT NULL;
