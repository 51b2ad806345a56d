CREATE TABLE "disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_dispute_id" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"due_by" timestamp with time zone,
	"submission_count" integer DEFAULT 0 NOT NULL,
	"evidence_text" text,
	"evidence_submitted_at" timestamp with time zone,
	"evidence_submitted_by" uuid,
	"earning_action" text,
	"earning_from" text,
	"earning_status_before" text,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disputes_status_check" CHECK ("disputes"."status" in ('warning_needs_response', 'warning_under_review', 'warning_closed', 'needs_response', 'under_review', 'won', 'lost')),
	CONSTRAINT "disputes_earning_action_check" CHECK ("disputes"."earning_action" in ('held', 'clawed_back', 'none')),
	CONSTRAINT "disputes_earning_from_check" CHECK ("disputes"."earning_from" in ('held', 'payable', 'transfer'))
);
--> statement-breakpoint
ALTER TABLE "earnings" DROP CONSTRAINT "earnings_status_check";--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_evidence_submitted_by_profiles_id_fk" FOREIGN KEY ("evidence_submitted_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_provider_key" ON "disputes" USING btree ("provider_dispute_id");--> statement-breakpoint
CREATE INDEX "disputes_payment_idx" ON "disputes" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "disputes_created_idx" ON "disputes" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "earnings" ADD CONSTRAINT "earnings_status_check" CHECK ("earnings"."status" in ('pending', 'earned', 'paid_out', 'refunded', 'reversed', 'disputed'));