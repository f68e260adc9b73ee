CREATE TABLE "catalog_settings" (
	"singleton" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"browse_km" double precision DEFAULT 10 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_service_cells" (
	"cell" integer NOT NULL,
	"store_id" uuid NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"serve_km" double precision NOT NULL,
	CONSTRAINT "store_service_cells_cell_store_id_pk" PRIMARY KEY("cell","store_id")
);
--> statement-breakpoint
ALTER TABLE "store_service_cells" ADD CONSTRAINT "store_service_cells_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_service_cells_store_idx" ON "store_service_cells" USING btree ("store_id");
--> statement-breakpoint
INSERT INTO "catalog_settings" ("singleton", "browse_km") VALUES (true, 10);
--> statement-breakpoint
-- The grid cells a disc of km around (lat, lng) may reach, conservatively: the cells of the disc's
-- latitude/longitude bounding box (exact on the sphere: ±θ in latitude, ±asin(sin θ / cos φ) in
-- longitude), padded by a hair so that rounding never leaves out a point the exact distance keeps.
-- Beyond 85° of latitude a row of the grid is one cell (longitude index -2047): discs near the
-- poles would otherwise span thousands of cells. The JavaScript twin is
-- apps/api/src/lib/service-cells.ts; both must stay identical.
CREATE FUNCTION store_service_cells_for(lat float8, lng float8, km float8) RETURNS SETOF integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (la * 4096 + lo)::integer
  FROM (SELECT greatest(km, 0) / 6371.0::float8 AS theta) r,
       LATERAL (SELECT degrees(r.theta) * 1.000001::float8 + 0.000001::float8 AS dlat,
                       CASE WHEN abs(lat) + degrees(r.theta) >= 89.0::float8 THEN 180.0::float8
                            ELSE degrees(asin(sin(r.theta) / cos(radians(lat)))) * 1.000001::float8 + 0.000001::float8
                       END AS dlng) d,
       LATERAL generate_series(greatest(floor((lat - d.dlat) * 10::float8)::integer, -900),
                               least(floor((lat + d.dlat) * 10::float8)::integer, 900)) la,
       LATERAL (SELECT la >= 850 OR la < -850 AS polar) p,
       LATERAL generate_series(
         CASE WHEN p.polar THEN -2047 ELSE floor(greatest(lng - d.dlng, -180.0::float8) * 10::float8)::integer END,
         CASE WHEN p.polar THEN -2047 ELSE floor(least(lng + d.dlng, 180.0::float8) * 10::float8)::integer END) lo
$$;
--> statement-breakpoint
-- The radius a store serves within: its delivery radius when it delivers, the browsing radius
-- (catalog_settings.browse_km, BROWSE_RADIUS_KM) when it only offers pickup or shipping.
CREATE FUNCTION store_serve_km(delivery_types text[], delivery_radius_km float8) RETURNS float8
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN 'delivery' = ANY(delivery_types) THEN greatest(delivery_radius_km, 0)
              ELSE coalesce((SELECT browse_km FROM catalog_settings WHERE singleton), 10) END
$$;
--> statement-breakpoint
CREATE FUNCTION store_service_cells_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM store_service_cells WHERE store_id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'active' THEN
    INSERT INTO store_service_cells (cell, store_id, latitude, longitude, serve_km)
    SELECT c, NEW.id, NEW.latitude, NEW.longitude, k
    FROM (SELECT store_serve_km(NEW.delivery_types, NEW.delivery_radius_km) AS k) s,
         store_service_cells_for(NEW.latitude, NEW.longitude, s.k) c;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER store_service_cells_insert AFTER INSERT ON stores
  FOR EACH ROW EXECUTE FUNCTION store_service_cells_sync();
--> statement-breakpoint
CREATE TRIGGER store_service_cells_update AFTER UPDATE OF latitude, longitude, delivery_types, delivery_radius_km, status ON stores
  FOR EACH ROW
  WHEN (OLD.latitude IS DISTINCT FROM NEW.latitude OR OLD.longitude IS DISTINCT FROM NEW.longitude
        OR OLD.delivery_types IS DISTINCT FROM NEW.delivery_types
        OR OLD.delivery_radius_km IS DISTINCT FROM NEW.delivery_radius_km OR OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION store_service_cells_sync();
--> statement-breakpoint
-- Rebuilds the whole index (the browsing radius changed). Also the backfill of existing stores.
CREATE FUNCTION store_service_cells_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM store_service_cells;
  INSERT INTO store_service_cells (cell, store_id, latitude, longitude, serve_km)
  SELECT c, s.id, s.latitude, s.longitude, k.km
  FROM stores s,
       LATERAL (SELECT store_serve_km(s.delivery_types, s.delivery_radius_km) AS km) k,
       LATERAL store_service_cells_for(s.latitude, s.longitude, k.km) c
  WHERE s.status = 'active';
$$;
--> statement-breakpoint
SELECT store_service_cells_rebuild();
