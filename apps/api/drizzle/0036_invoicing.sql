CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"voucher_type" integer NOT NULL,
	"point_of_sale" integer NOT NULL,
	"reserved_number" integer,
	"number" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"issued_on" text,
	"cae" text,
	"cae_due_date" text,
	"receiver" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"net_taxed" integer NOT NULL,
	"non_taxed" integer DEFAULT 0 NOT NULL,
	"exempt" integer DEFAULT 0 NOT NULL,
	"vat" integer DEFAULT 0 NOT NULL,
	"vat_lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total" integer NOT NULL,
	"invoice_id" uuid,
	"refunded_through" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error_code" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"authorized_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "store_fiscal_settings" (
	"store_id" uuid PRIMARY KEY NOT NULL,
	"legal_name" text NOT NULL,
	"cuit" text NOT NULL,
	"vat_condition" text NOT NULL,
	"fiscal_address" text NOT NULL,
	"gross_income_number" text NOT NULL,
	"activity_start_date" text NOT NULL,
	"point_of_sale" integer NOT NULL,
	"invoicing_mode" text DEFAULT 'manual' NOT NULL,
	"automatic_since" timestamp with time zone,
	"private_key_sealed" text,
	"csr_pem" text,
	"csr_key_sealed" text,
	"certificate_pem" text,
	"certificate_not_after" timestamp with time zone,
	"expiry_warned_at" timestamp with time zone,
	"ticket_sealed" text,
	"ticket_expires_at" timestamp with time zone,
	"numbering_claimed_until" timestamp with time zone,
	"numbering_claimed_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_fiscal_settings" ADD CONSTRAINT "store_fiscal_settings_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_invoice_uq" ON "invoices" USING btree ("order_id") WHERE kind = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_refund_uq" ON "invoices" USING btree ("order_id","refunded_through") WHERE kind = 'credit_note';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_uq" ON "invoices" USING btree ("store_id","point_of_sale","voucher_type","number") WHERE number is not null;--> statement-breakpoint
CREATE INDEX "invoices_store_pending_idx" ON "invoices" USING btree ("store_id","created_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "invoices_store_idx" ON "invoices" USING btree ("store_id","created_at");--> statement-breakpoint
-- Paid orders of a store that invoices on its own, and refunds of an invoiced order, queue the
-- invoicing task in the very transaction that changed the order (decision 054): every path that
-- marks an order paid or refunds it (checkout, the counter, the seller, Mercado Pago's webhook)
-- is covered without each of them knowing about invoices.
CREATE FUNCTION orders_invoicing_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.payment_status NOT IN ('paid', 'partially_refunded', 'refunded') THEN
    RETURN NEW;
  END IF;
  IF EXISTS (
      SELECT 1 FROM store_fiscal_settings s
      WHERE s.store_id = NEW.store_id AND s.invoicing_mode = 'automatic'
        AND s.certificate_pem IS NOT NULL AND NEW.created_at >= s.automatic_since)
    OR EXISTS (SELECT 1 FROM invoices i WHERE i.order_id = NEW.id AND i.kind = 'invoice') THEN
    INSERT INTO outbox (kind, payload) VALUES ('invoice', jsonb_build_object('orderId', NEW.id));
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_invoicing_insert AFTER INSERT ON orders
  FOR EACH ROW WHEN (NEW.payment_status = 'paid') EXECUTE FUNCTION orders_invoicing_enqueue();
--> statement-breakpoint
CREATE TRIGGER orders_invoicing_update AFTER UPDATE OF payment_status, refunded_amount ON orders
  FOR EACH ROW WHEN (OLD.payment_status IS DISTINCT FROM NEW.payment_status OR OLD.refunded_amount IS DISTINCT FROM NEW.refunded_amount)
  EXECUTE FUNCTION orders_invoicing_enqueue();
