DROP INDEX "profiles_creators_created_idx";--> statement-breakpoint
DROP INDEX "profiles_creators_updated_idx";--> statement-breakpoint
DROP INDEX "profiles_creators_response_rate_idx";--> statement-breakpoint
CREATE INDEX "profiles_creators_created_idx" ON "profiles" USING btree ("created_at","id") WHERE "profiles"."is_creator";--> statement-breakpoint
CREATE INDEX "profiles_creators_updated_idx" ON "profiles" USING btree ("updated_at","id") WHERE "profiles"."is_creator";--> statement-breakpoint
CREATE INDEX "profiles_creators_response_rate_idx" ON "profiles" USING btree ("response_rate","id") WHERE "profiles"."is_creator";