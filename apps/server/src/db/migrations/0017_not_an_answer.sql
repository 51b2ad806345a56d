ALTER TABLE "earnings" DROP CONSTRAINT "earnings_status_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "earnings" ADD CONSTRAINT "earnings_status_check" CHECK ("earnings"."status" in ('pending', 'earned', 'paid_out', 'refunded'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('new_message', 'message_response', 'message_refunded', 'report_reviewed', 'message_reminder', 'message_declined', 'reply_flagged'));