-- Search (issue 25, decision 042): Spanish full-text search with accents folded (unaccent before
-- the Spanish stemmer) over generated tsvector columns, kept in step by PostgreSQL itself in the
-- transaction of every write. The extensions (unaccent, pg_trgm, fuzzystrmatch) are created by
-- runMigrations before the migrations run, as cube and earthdistance are.
CREATE TEXT SEARCH CONFIGURATION barrio_es (COPY = pg_catalog.spanish);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION barrio_es ALTER MAPPING FOR hword, hword_part, word WITH unaccent, spanish_stem;--> statement-breakpoint
-- array_to_string is only STABLE (it may call a type's output function); over text[] it is
-- immutable, which a generated column needs.
CREATE FUNCTION barrio_search_tags(text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ select coalesce(array_to_string($1, ' '), '') $$;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('barrio_es', "title"), 'A') ||
  setweight(to_tsvector('barrio_es', barrio_search_tags("tags")), 'B') ||
  setweight(to_tsvector('barrio_es', "description"), 'C')
) STORED;--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('barrio_es', "name"), 'A') ||
  setweight(to_tsvector('barrio_es', "category"), 'B') ||
  setweight(to_tsvector('barrio_es', "description"), 'C')
) STORED;--> statement-breakpoint
CREATE INDEX "stores_search_idx" ON "stores" USING gin ("search_vector");--> statement-breakpoint
-- An exact SKU (or a barcode kept as the SKU) finds its product.
CREATE INDEX "product_variants_sku_lower_idx" ON "product_variants" (lower("sku")) WHERE "sku" IS NOT NULL;
