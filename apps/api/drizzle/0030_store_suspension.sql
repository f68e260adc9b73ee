ALTER TABLE "stores" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "suspended_by" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hidden_by" uuid;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_suspended_by_users_id_fk" FOREIGN KEY ("suspended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stores_suspended_idx" ON "stores" USING btree ("suspended_at") WHERE "stores"."suspended_at" is not null;--> statement-breakpoint
-- A store suspended by the operator (issue 24) leaves the serving-area index as an archived one
-- does: the nearby lists, search scopes and product lists near a point all start from it.
CREATE OR REPLACE FUNCTION store_service_cells_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM store_service_cells WHERE store_id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'active' AND NEW.suspended_at IS NULL THEN
    INSERT INTO store_service_cells (cell, store_id, latitude, longitude, serve_km)
    SELECT c, NEW.id, NEW.latitude, NEW.longitude, k
    FROM (SELECT store_serve_km(NEW.delivery_types, NEW.delivery_radius_km) AS k) s,
         store_service_cells_for(NEW.latitude, NEW.longitude, s.k) c;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER store_service_cells_update ON stores;
--> statement-breakpoint
CREATE TRIGGER store_service_cells_update AFTER UPDATE OF latitude, longitude, delivery_types, delivery_radius_km, status, suspended_at ON stores
  FOR EACH ROW
  WHEN (OLD.latitude IS DISTINCT FROM NEW.latitude OR OLD.longitude IS DISTINCT FROM NEW.longitude
        OR OLD.delivery_types IS DISTINCT FROM NEW.delivery_types
        OR OLD.delivery_radius_km IS DISTINCT FROM NEW.delivery_radius_km OR OLD.status IS DISTINCT FROM NEW.status
        OR (OLD.suspended_at IS NULL) <> (NEW.suspended_at IS NULL))
  EXECUTE FUNCTION store_service_cells_sync();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION store_service_cells_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM store_service_cells;
  INSERT INTO store_service_cells (cell, store_id, latitude, longitude, serve_km)
  SELECT c, s.id, s.latitude, s.longitude, k.km
  FROM stores s,
       LATERAL (SELECT store_serve_km(s.delivery_types, s.delivery_radius_km) AS km) k,
       LATERAL store_service_cells_for(s.latitude, s.longitude, k.km) c
  WHERE s.status = 'active' AND s.suspended_at IS NULL;
$$;
