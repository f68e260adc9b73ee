ALTER TABLE "outbox" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "claimed_until" timestamp with time zone;