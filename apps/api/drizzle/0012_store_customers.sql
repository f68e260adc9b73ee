CREATE TABLE "store_customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"user_id" uuid,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text,
	"notes" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"address" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_id" uuid;--> statement-breakpoint
ALTER TABLE "store_customers" ADD CONSTRAINT "store_customers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_customers" ADD CONSTRAINT "store_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_customers_store_user_uq" ON "store_customers" USING btree ("store_id","user_id") WHERE user_id is not null;--> statement-breakpoint
CREATE INDEX "store_customers_store_created_idx" ON "store_customers" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "store_customers_store_phone_idx" ON "store_customers" USING btree ("store_id","phone");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_store_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."store_customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Covering (decision 022): a customer's order count, total spent and last order are read from the
-- index alone; Drizzle cannot express INCLUDE, so this line is written by hand.
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id","created_at") INCLUDE ("status","payment_status","total");--> statement-breakpoint
-- Backfill (decision 022): every buyer with an account becomes a customer of each store they
-- ordered from, named as on their latest order, dated by their first, with the address of their
-- latest delivered-to order; then their orders point at that row. Orders whose account was
-- deleted before this migration stay without a customer. The demo seed runs the same statements.
INSERT INTO "store_customers" ("store_id", "user_id", "first_name", "last_name", "phone", "email", "address", "created_at", "updated_at")
SELECT DISTINCT ON (o."store_id", o."user_id") o."store_id", o."user_id",
	coalesce(o."contact"->>'firstName', ''), coalesce(o."contact"->>'lastName', ''),
	coalesce(o."contact"->>'phone', ''), nullif(lower(o."contact"->>'email'), ''),
	(SELECT jsonb_build_object('street', a."shipping_address"->>'street', 'number', a."shipping_address"->>'number',
			'floorApartment', a."shipping_address"->>'floorApartment', 'neighbourhood', a."shipping_address"->>'neighbourhood',
			'city', a."shipping_address"->>'city', 'provinceCode', a."shipping_address"->>'provinceCode',
			'postalCode', a."shipping_address"->>'postalCode')
		FROM "orders" a
		WHERE a."store_id" = o."store_id" AND a."user_id" = o."user_id" AND a."shipping_address" IS NOT NULL
		ORDER BY a."created_at" DESC LIMIT 1),
	(SELECT min(f."created_at") FROM "orders" f WHERE f."store_id" = o."store_id" AND f."user_id" = o."user_id"),
	now()
FROM "orders" o
WHERE o."user_id" IS NOT NULL AND o."customer_id" IS NULL
ORDER BY o."store_id", o."user_id", o."created_at" DESC
ON CONFLICT ("store_id", "user_id") WHERE user_id is not null DO NOTHING;--> statement-breakpoint
UPDATE "orders" o SET "customer_id" = c."id"
FROM "store_customers" c
WHERE o."customer_id" IS NULL AND o."user_id" IS NOT NULL AND c."store_id" = o."store_id" AND c."user_id" = o."user_id";