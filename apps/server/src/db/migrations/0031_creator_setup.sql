-- Issue 36: a new creator's setup checklist. When the creator last saved their price, and when they
-- copied their profile link from the checklist. Both nullable, added only (expand; decision 0036).
ALTER TABLE "profiles" ADD COLUMN "price_set_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "link_shared_at" timestamp with time zone;
