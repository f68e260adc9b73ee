ALTER TABLE "seller_order_requests" RENAME TO "idempotency_keys";--> statement-breakpoint
ALTER TABLE "idempotency_keys" RENAME CONSTRAINT "seller_order_requests_store_id_stores_id_fk" TO "idempotency_keys_store_id_stores_id_fk";--> statement-breakpoint
ALTER TABLE "idempotency_keys" RENAME CONSTRAINT "seller_order_requests_order_id_orders_id_fk" TO "idempotency_keys_order_id_orders_id_fk";--> statement-breakpoint
ALTER INDEX "seller_order_requests_store_key_uq" RENAME TO "idempotency_keys_store_key_uq";--> statement-breakpoint
ALTER INDEX "seller_order_requests_store_created_idx" RENAME TO "idempotency_keys_store_created_idx";--> statement-breakpoint
ALTER INDEX "seller_order_requests_pkey" RENAME TO "idempotency_keys_pkey";
