ALTER TABLE "profiles" ADD COLUMN "avg_response_seconds" integer;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_avg_response_nonneg" CHECK ("profiles"."avg_response_seconds" is null or "profiles"."avg_response_seconds" >= 0);--> statement-breakpoint
UPDATE "profiles" p SET "avg_response_seconds" = (
	SELECT round(avg(greatest(extract(epoch from (m."responded_at" - coalesce(m."paid_at", m."created_at"))), 0)))::integer
	FROM "messages" m
	WHERE m."recipient_id" = p."id" AND NOT m."is_followup" AND m."amount" > 0
		AND m."status" = 'responded' AND m."responded_at" IS NOT NULL
) WHERE p."is_creator";
