-- Seller analytics (docs/decisions/017-analytics.md): covering indexes so a store's range of
-- orders, and their lines, are read from the index alone (index-only scans, no heap visits).
-- orders_store_idx keeps its key (store_id, created_at), so the seller's order list uses it as before.
DROP INDEX IF EXISTS "orders_store_idx";--> statement-breakpoint
CREATE INDEX "orders_store_idx" ON "orders" USING btree ("store_id","created_at") INCLUDE ("id","status","payment_status","total","delivery_type","payment_method","user_id");--> statement-breakpoint
CREATE INDEX "order_items_analytics_idx" ON "order_items" USING btree ("order_id") INCLUDE ("product_id","quantity","line_total","title");
