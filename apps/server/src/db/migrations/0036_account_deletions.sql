CREATE TABLE "account_deletions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"scheduled_for" timestamp with time zone NOT NULL,
	"requested_by" uuid,
	"cancelled_at" timestamp with time zone,
	"erased_at" timestamp with time zone,
	"cancel_token_hash" text,
	"refunded_messages" integer DEFAULT 0 NOT NULL,
	"earnings_held_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_deletions_cancel_token_hash_unique" UNIQUE("cancel_token_hash"),
	CONSTRAINT "account_deletions_status_check" CHECK ("account_deletions"."status" in ('pending', 'cancelled', 'erased'))
);
--> statement-breakpoint
ALTER TABLE "account_deletions" ADD CONSTRAINT "account_deletions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_deletions_pending_key" ON "account_deletions" USING btree ("user_id") WHERE "account_deletions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "account_deletions_due_idx" ON "account_deletions" USING btree ("scheduled_for") WHERE "account_deletions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "account_deletions_user_idx" ON "account_deletions" USING btree ("user_id","created_at" DESC NULLS LAST);