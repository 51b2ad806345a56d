CREATE TABLE "profile_view_months" (
	"profile_id" uuid NOT NULL,
	"month" date NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "profile_view_months_profile_id_month_pk" PRIMARY KEY("profile_id","month")
);
--> statement-breakpoint
CREATE TABLE "profile_view_rollup" (
	"one" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"rolled_until" date,
	CONSTRAINT "profile_view_rollup_one_check" CHECK ("profile_view_rollup"."one" = 1)
);
--> statement-breakpoint
INSERT INTO "profile_view_rollup" ("one", "rolled_until") VALUES (1, NULL);--> statement-breakpoint
ALTER TABLE "outbox_pruned_keys" ADD COLUMN "dropped" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profile_view_months" ADD CONSTRAINT "profile_view_months_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_pruned_keys_done_idx" ON "outbox_pruned_keys" USING btree ("done_at") WHERE not "outbox_pruned_keys"."dropped";--> statement-breakpoint
-- Decision 0063: profile_views becomes a table partitioned by month of viewed_at. The table as it is
-- is not copied: it becomes the first partition (everything before next month, UTC), attached under a
-- new parent of the same name and columns. Hand-written: drizzle-kit has no partitions.
-- rolling-deploy: allow profile_views the name and columns stay: the previous release inserts into and counts the partitioned table of the same name (decision 0063)
ALTER TABLE "profile_views" RENAME TO "profile_views_legacy";--> statement-breakpoint
-- A partition takes its parent's primary key (id, viewed_at), built when it is attached.
ALTER TABLE "profile_views_legacy" DROP CONSTRAINT "profile_views_pkey";--> statement-breakpoint
ALTER INDEX "profile_views_profile_viewed_idx" RENAME TO "profile_views_legacy_profile_viewed_idx";--> statement-breakpoint
ALTER INDEX "profile_views_profile_viewer_idx" RENAME TO "profile_views_legacy_profile_viewer_idx";--> statement-breakpoint
CREATE TABLE "profile_views" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"viewer_id" uuid,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profile_views_id_viewed_at_pk" PRIMARY KEY("id","viewed_at")
) PARTITION BY RANGE ("viewed_at");
--> statement-breakpoint
ALTER TABLE "profile_views" ADD CONSTRAINT "profile_views_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_views" ADD CONSTRAINT "profile_views_viewer_id_profiles_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profile_views_profile_viewed_idx" ON "profile_views" USING btree ("profile_id","viewed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "profile_views_profile_viewer_idx" ON "profile_views" USING btree ("profile_id","viewer_id","viewed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "profile_views_viewed_brin_idx" ON "profile_views" USING brin ("viewed_at");--> statement-breakpoint
-- The safety net: a view whose month has no partition yet lands here; the jobs move such rows into
-- the month's partition when they create it.
CREATE TABLE "profile_views_default" PARTITION OF "profile_views" DEFAULT;--> statement-breakpoint
DO $$
DECLARE
  bound timestamptz := (date_trunc('month', now() AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC';
  name text := 'profile_views_upto_' || to_char(bound AT TIME ZONE 'UTC', 'YYYY_MM');
BEGIN
  EXECUTE format('ALTER TABLE "profile_views_legacy" RENAME TO %I', name);
  EXECUTE format('ALTER TABLE "profile_views" ATTACH PARTITION %I FOR VALUES FROM (MINVALUE) TO (%L)', name, bound);
END $$;
