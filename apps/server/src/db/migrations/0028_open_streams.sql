CREATE TABLE "open_streams" (
	"id" uuid PRIMARY KEY NOT NULL,
	"instance_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"address" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"heartbeat_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "open_streams_user_idx" ON "open_streams" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "open_streams_address_idx" ON "open_streams" USING btree ("address");--> statement-breakpoint
CREATE INDEX "open_streams_heartbeat_idx" ON "open_streams" USING btree ("heartbeat_at");