-- Issue 37 gap 3 (decision 0050): a refund is tracked to its outcome. The provider's refund id, where
-- it stands (pending, succeeded, failed) and why it failed. Nullable, added only (expand; decision 0036).
ALTER TABLE "payments" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_status" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_failure_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_status_check" CHECK ("payments"."refund_status" in ('pending', 'succeeded', 'failed'));