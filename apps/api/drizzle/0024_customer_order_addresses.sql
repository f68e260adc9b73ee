-- Every address a customer's orders went to is one of their delivery addresses (issue 30): a
-- buyer's addresses were only on their orders, so the seller's new order for them offered none
-- while their page listed several. One per door (street, number, floor, city; case and spaces
-- aside), the newest order's copy with its point and notes, unless the customer already has it.
-- The demo seed runs this statement over the history it inserts (backfillCustomers).
INSERT INTO "store_customer_addresses" ("store_id", "customer_id", "street", "number", "floor_apartment", "neighbourhood", "city", "province_code", "postal_code", "notes", "latitude", "longitude", "created_at")
SELECT d."store_id", d."customer_id", d.s->>'street', d.s->>'number', nullif(d.s->>'floorApartment', ''), d.s->>'neighbourhood', d.s->>'city', d.s->>'provinceCode', d.s->>'postalCode', d.s->>'notes', (d.s->>'latitude')::double precision, (d.s->>'longitude')::double precision, d."created_at"
  FROM (
    SELECT DISTINCT ON (o."customer_id", lower(trim(o."shipping_address"->>'street')), lower(trim(o."shipping_address"->>'number')), lower(trim(coalesce(o."shipping_address"->>'floorApartment', ''))), lower(trim(o."shipping_address"->>'city')))
           o."store_id", o."customer_id", o."shipping_address" AS s, o."created_at"
      FROM "orders" o
     WHERE o."customer_id" IS NOT NULL AND o."shipping_address" IS NOT NULL
       AND coalesce(o."shipping_address"->>'street', '') <> ''
     ORDER BY o."customer_id", lower(trim(o."shipping_address"->>'street')), lower(trim(o."shipping_address"->>'number')), lower(trim(coalesce(o."shipping_address"->>'floorApartment', ''))), lower(trim(o."shipping_address"->>'city')), o."created_at" DESC
  ) d
 WHERE NOT EXISTS (
   SELECT 1 FROM "store_customer_addresses" a
    WHERE a."customer_id" = d."customer_id"
      AND lower(trim(a."street")) = lower(trim(d.s->>'street'))
      AND lower(trim(a."number")) = lower(trim(d.s->>'number'))
      AND lower(trim(coalesce(a."floor_apartment", ''))) = lower(trim(coalesce(d.s->>'floorApartment', '')))
      AND lower(trim(a."city")) = lower(trim(d.s->>'city'))
 );
