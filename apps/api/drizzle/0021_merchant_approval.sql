-- Issue 22, decision 029: opening a store is for approved merchants only; `user_type = 'admin'` is
-- the seller area, which members of another's team reach too.
ALTER TABLE "users" ADD COLUMN "merchant_approved_at" timestamp with time zone;--> statement-breakpoint
-- Every seller so far is a merchant except those whose seller area came only from an invitation:
-- an account that accepted one, owns no store and has no approved application.
UPDATE "users" u SET "merchant_approved_at" = coalesce(
    (SELECT max(a."decided_at") FROM "merchant_applications" a WHERE a."user_id" = u."id" AND a."status" = 'approved'),
    u."created_at")
  WHERE u."user_type" = 'admin' AND (
    EXISTS (SELECT 1 FROM "stores" s WHERE s."owner_id" = u."id")
    OR EXISTS (SELECT 1 FROM "merchant_applications" a WHERE a."user_id" = u."id" AND a."status" = 'approved')
    OR NOT EXISTS (SELECT 1 FROM "store_invitations" i WHERE i."accepted_by" = u."id"));--> statement-breakpoint
-- What a team gave is taken back where the team is gone: no merchant, no membership, customer again.
UPDATE "users" u SET "user_type" = 'customer'
  WHERE u."user_type" = 'admin' AND u."merchant_approved_at" IS NULL
    AND NOT EXISTS (SELECT 1 FROM "store_collaborators" c WHERE c."user_id" = u."id");
