ALTER TABLE "earnings" DROP CONSTRAINT "earnings_status_check";--> statement-breakpoint
ALTER TABLE "payouts" DROP CONSTRAINT "payouts_status_check";--> statement-breakpoint
DROP INDEX "payouts_pending_idx";--> statement-breakpoint
ALTER TABLE "earnings" ADD COLUMN "provider_transfer_id" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "provider_payout_id" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "failure_code" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "transferred" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "payout_account_state" text;--> statement-breakpoint
CREATE UNIQUE INDEX "earnings_transfer_key" ON "earnings" USING btree ("provider_transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_provider_payout_key" ON "payouts" USING btree ("provider_payout_id");--> statement-breakpoint
CREATE INDEX "payouts_pending_idx" ON "payouts" USING btree ("created_at") WHERE "payouts"."status" in ('pending', 'in_transit');--> statement-breakpoint
ALTER TABLE "earnings" ADD CONSTRAINT "earnings_status_check" CHECK ("earnings"."status" in ('pending', 'earned', 'paid_out', 'refunded', 'reversed'));--> statement-breakpoint
-- Decision 0029: 'completed' meant "transferred to the creator's Stripe balance", from where Stripe's
-- automatic schedule paid it to the bank; those rows read as paid.
UPDATE "payouts" SET "status" = 'paid' WHERE "status" = 'completed';--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" in ('pending', 'in_transit', 'paid', 'failed'));
--> statement-breakpoint
-- Known accounts start from what we knew, so the first re-read after this change mails only a real change.
UPDATE "profiles" SET "payout_account_state" = CASE WHEN "stripe_onboarding_completed" THEN 'enabled' ELSE 'incomplete' END WHERE "stripe_account_id" IS NOT NULL;
