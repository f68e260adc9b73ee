-- Issue 10: accounts that signed in from several devices before sign-in merged addresses hold
-- copies of one place ("Casa, Gurruchaga 1723" three times). Per account, addresses with the same
-- street, number, floor/apartment, locality and province (case, accents and punctuation aside)
-- within ~30 m are one place: the default one (else the oldest) stays, checkouts in progress that
-- pointed at a copy point at it, and the copies go. Orders keep their own address snapshot.
-- modules/addresses/address-identity.ts is the same rule in TypeScript, applied at sign-in.
WITH "keyed" AS (
	SELECT "id", "user_id", "is_default", "created_at", "latitude", "longitude",
		concat_ws('|',
			trim(regexp_replace(translate(lower("street"), 'áéíóúüñ', 'aeiouun'), '[^[:alnum:]]+', ' ', 'g')),
			regexp_replace(lower("number"), '[^[:alnum:]]+', '', 'g'),
			trim(regexp_replace(translate(lower(coalesce("floor_apartment", '')), 'áéíóúüñ', 'aeiouun'), '[^[:alnum:]]+', ' ', 'g')),
			trim(regexp_replace(translate(lower("city"), 'áéíóúüñ', 'aeiouun'), '[^[:alnum:]]+', ' ', 'g')),
			"province_code") AS "place"
	FROM "addresses"
	WHERE "user_id" IS NOT NULL
), "keepers" AS (
	SELECT DISTINCT ON ("user_id", "place") "id", "user_id", "place", "latitude", "longitude"
	FROM "keyed"
	ORDER BY "user_id", "place", "is_default" DESC, "created_at", "id"
), "copies" AS (
	SELECT "keyed"."id" AS "copy_id", "keepers"."id" AS "keep_id"
	FROM "keyed" JOIN "keepers"
		ON "keepers"."user_id" = "keyed"."user_id" AND "keepers"."place" = "keyed"."place"
		AND "keepers"."id" <> "keyed"."id"
		AND abs("keyed"."latitude" - "keepers"."latitude") < 0.00027
		AND abs("keyed"."longitude" - "keepers"."longitude") < 0.00033
), "repointed" AS (
	UPDATE "checkouts" SET "shipping_address_id" = "copies"."keep_id"
	FROM "copies" WHERE "checkouts"."shipping_address_id" = "copies"."copy_id"
	RETURNING "checkouts"."id"
)
DELETE FROM "addresses" USING "copies" WHERE "addresses"."id" = "copies"."copy_id";
