CREATE TABLE "password_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "password_attempts" ADD CONSTRAINT "password_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_attempts_user_idx" ON "password_attempts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "one_time_tokens_user_idx" ON "one_time_tokens" USING btree ("user_id","purpose","created_at");--> statement-breakpoint
-- Accounts whose address was already proved before verification existed: linked to Google or
-- Apple (a verified e-mail), without a password (only an e-mailed code or a provider creates
-- those), recovered by an e-mailed link, or seeded for the demo. Every other existing account
-- stays unverified (docs/decisions/010).
UPDATE "users" SET "email_verified_at" = now()
WHERE "email_verified_at" IS NULL AND (
  EXISTS (SELECT 1 FROM "oauth_accounts" o WHERE o."user_id" = "users"."id")
  OR "password_hash" IS NULL
  OR EXISTS (SELECT 1 FROM "one_time_tokens" t WHERE t."user_id" = "users"."id" AND t."purpose" = 'password_reset' AND t."used_at" IS NOT NULL)
  OR lower("email") LIKE '%@demo.barrio.ar'
);
