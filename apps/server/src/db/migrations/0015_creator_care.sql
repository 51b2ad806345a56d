CREATE TABLE "message_reminders" (
	"message_id" uuid NOT NULL,
	"threshold_hours" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "message_reminders_message_id_threshold_hours_pk" PRIMARY KEY("message_id","threshold_hours"),
	CONSTRAINT "message_reminders_threshold" CHECK ("message_reminders"."threshold_hours" in (12, 4, 1))
);
--> statement-breakpoint
CREATE TABLE "creator_blocks" (
	"creator_id" uuid NOT NULL,
	"fan_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creator_blocks_creator_id_fan_id_pk" PRIMARY KEY("creator_id","fan_id"),
	CONSTRAINT "creator_blocks_not_self" CHECK ("creator_blocks"."creator_id" <> "creator_blocks"."fan_id")
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "decline_note" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "max_open_messages" integer;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "daily_message_cap" integer;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "vacation_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_reminders" ADD CONSTRAINT "message_reminders_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_blocks" ADD CONSTRAINT "creator_blocks_creator_id_profiles_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_blocks" ADD CONSTRAINT "creator_blocks_fan_id_profiles_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creator_blocks_creator_created_idx" ON "creator_blocks" USING btree ("creator_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_recipient_open_expires_idx" ON "messages" USING btree ("recipient_id","expires_at") WHERE "messages"."status" = 'sent';--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_decline_reason_check" CHECK ("messages"."decline_reason" is null or "messages"."decline_reason" in ('outside_expertise', 'cannot_answer_well', 'inappropriate', 'too_personal', 'other'));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_decline_note_length" CHECK ("messages"."decline_note" is null or char_length("messages"."decline_note") <= 300);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('new_message', 'message_response', 'message_refunded', 'report_reviewed', 'message_reminder', 'message_declined'));--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_max_open_range" CHECK ("profiles"."max_open_messages" is null or "profiles"."max_open_messages" between 1 and 1000);--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_daily_cap_range" CHECK ("profiles"."daily_message_cap" is null or "profiles"."daily_message_cap" between 1 and 1000);