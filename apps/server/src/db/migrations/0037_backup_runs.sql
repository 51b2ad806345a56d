CREATE TABLE "backup_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"tool" text NOT NULL,
	"label" text,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	"succeeded" boolean NOT NULL,
	"bytes" bigint,
	"detail" text,
	CONSTRAINT "backup_runs_kind_check" CHECK ("backup_runs"."kind" in ('full', 'diff', 'incr', 'dump', 'drill'))
);
--> statement-breakpoint
CREATE INDEX "backup_runs_finished_idx" ON "backup_runs" USING btree ("succeeded","finished_at" DESC NULLS LAST);