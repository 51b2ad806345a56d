CREATE TABLE "instances" (
	"id" text PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"commit" text,
	"started_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"ready" boolean NOT NULL,
	CONSTRAINT "instances_status_check" CHECK ("instances"."status" in ('ok', 'degraded', 'draining', 'stopped'))
);
