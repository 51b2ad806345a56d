ALTER TABLE "outbox" ADD COLUMN "claim_token" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE TABLE "outbox_pruned_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"done_at" timestamp with time zone NOT NULL,
	"pruned_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "outbox_finished_idx" ON "outbox" USING btree ("done_at") WHERE "outbox"."status" in ('done', 'dropped');
