ALTER TABLE "addresses" ADD COLUMN "geocoded_by" text DEFAULT 'pin' NOT NULL;--> statement-breakpoint
-- Until now every address got its locality's centre (decision 038): existing ones are approximate
-- until their owner confirms the door on the pin.
UPDATE "addresses" SET "geocoded_by" = 'locality';
