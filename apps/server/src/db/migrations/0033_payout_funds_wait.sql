ALTER TABLE "payouts" ADD COLUMN "check_funds_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "funds_available_on" timestamp with time zone;