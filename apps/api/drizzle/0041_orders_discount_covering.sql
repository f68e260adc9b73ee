-- The seller's analytics add up the coupons' discounts (issue 28) from the same index-only scan
-- as the rest of the totals (decision 017): orders_store_idx INCLUDEs "discount" too. Drizzle
-- cannot express INCLUDE: this migration is written by hand, its snapshot is 0040's.
DROP INDEX IF EXISTS "orders_store_idx";--> statement-breakpoint
CREATE INDEX "orders_store_idx" ON "orders" USING btree ("store_id","created_at") INCLUDE ("id","status","payment_status","total","refunded_amount","discount","delivery_type","payment_method","user_id");
