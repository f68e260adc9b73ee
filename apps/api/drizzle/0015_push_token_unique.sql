-- A token belongs to one device: before the unique index, keep it only on the device that saw it last.
UPDATE "devices" SET "push_token" = NULL, "push_platform" = NULL WHERE "uuid" IN (SELECT "uuid" FROM (SELECT "uuid", row_number() OVER (PARTITION BY "push_token" ORDER BY "last_seen_at" DESC) AS "rn" FROM "devices" WHERE "push_token" IS NOT NULL) AS "d" WHERE "d"."rn" > 1);--> statement-breakpoint
CREATE UNIQUE INDEX "devices_push_token_uq" ON "devices" USING btree ("push_token");
