ALTER TABLE "stores" ADD COLUMN "closures" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "open_on_holidays" boolean DEFAULT false NOT NULL;