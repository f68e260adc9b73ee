-- Issue 22: sales are net of partial refunds (total − refunded_amount; lines: quantity −
-- refunded_quantity; apps/api/src/lib/net-sales.ts, decisions 017 and 022). The covering indexes
-- the analytics, dashboard and customers aggregates read alone (index-only scans) now carry the
-- refunded columns too; same keys, so every other reader is served as before. Drizzle cannot
-- express INCLUDE: this migration is written by hand, its snapshot is 0018's.
DROP INDEX IF EXISTS "orders_store_idx";--> statement-breakpoint
CREATE INDEX "orders_store_idx" ON "orders" USING btree ("store_id","created_at") INCLUDE ("id","status","payment_status","total","refunded_amount","delivery_type","payment_method","user_id");--> statement-breakpoint
DROP INDEX IF EXISTS "orders_customer_idx";--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id","created_at") INCLUDE ("status","payment_status","total","refunded_amount");--> statement-breakpoint
DROP INDEX IF EXISTS "order_items_analytics_idx";--> statement-breakpoint
CREATE INDEX "order_items_analytics_idx" ON "order_items" USING btree ("order_id") INCLUDE ("product_id","quantity","refunded_quantity","line_total","title");
