-- Issue 22: a store customer's phone has one spelling (apps/api/src/lib/phone.ts, decision 022).
-- Argentine geographic numbers were stored as libphonenumber wrote what was typed: "11 5555-1234"
-- as +541155551234, "+54 9 11 5555-1234" as +5491155551234, so one line could be two customers.
-- Both name the same line; the stored spelling is now the one with the 9. Valid E.164 phones only
-- (+54, area codes start with 1-3, 10 digits): non-geographic numbers (0800, 0810, 0600), other
-- countries and checkout phones kept as typed because no number could be read are left alone.
-- Rows that now share a phone stay two rows: the seller deletes one, or the person's next order
-- merges the ones without an account into theirs (decision 027).
UPDATE "store_customers" SET "phone" = '+549' || substr("phone", 4) WHERE "phone" ~ '^\+54[1-3][0-9]{9}$';
