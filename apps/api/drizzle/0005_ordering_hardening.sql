CREATE TABLE "store_payment_rules" (
	"store_id" uuid PRIMARY KEY NOT NULL,
	"mercado_pago_payment_minutes" integer DEFAULT 30 NOT NULL,
	"max_unpaid_orders_per_customer" integer DEFAULT 2 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "reviewed_pricing" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_payment_rules" ADD CONSTRAINT "store_payment_rules_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_payment_expiry_idx" ON "orders" USING btree ("payment_expires_at") WHERE payment_expires_at is not null;