CREATE TABLE "notification_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"preferences" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "creator_stats" (
	"creator_id" uuid PRIMARY KEY NOT NULL,
	"response_rate" double precision DEFAULT 0 NOT NULL,
	"avg_response_seconds" integer,
	"average_rating" double precision,
	"review_count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creator_stats_response_rate_range" CHECK ("creator_stats"."response_rate" >= 0 and "creator_stats"."response_rate" <= 100),
	CONSTRAINT "creator_stats_average_rating_range" CHECK ("creator_stats"."average_rating" is null or ("creator_stats"."average_rating" >= 1 and "creator_stats"."average_rating" <= 5)),
	CONSTRAINT "creator_stats_avg_response_nonneg" CHECK ("creator_stats"."avg_response_seconds" is null or "creator_stats"."avg_response_seconds" >= 0),
	CONSTRAINT "creator_stats_review_count_nonneg" CHECK ("creator_stats"."review_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_stats" ADD CONSTRAINT "creator_stats_creator_id_profiles_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creator_stats_response_rate_idx" ON "creator_stats" USING btree ("response_rate","creator_id");--> statement-breakpoint
-- Decision 0072 (issue 35): a creator's figures and a person's notification preferences leave profiles.
-- Expand and migrate (decision 0036): during the roll the previous release reads and writes the old
-- columns, this one the new tables, so triggers copy each side's writes to the other until the next
-- release drops the old columns with the *_sync triggers. pg_trigger_depth() stops the copy from
-- echoing back. The triggers on profiles are made before the copy: CREATE TRIGGER waits for the writes in flight
-- on profiles and holds off new ones until this migration commits, so no write falls between the copy
-- and the triggers.
--
-- Every profile has a creator_stats row (browse's response-rate sort joins it through its index): the
-- copy makes them for today's profiles, profiles_creator_stats_row for each new one. That trigger stays
-- after the contract; it will then insert the id alone.
CREATE FUNCTION profiles_creator_stats_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO creator_stats (creator_id, response_rate, avg_response_seconds, average_rating, review_count)
  VALUES (NEW.id, NEW.response_rate, NEW.avg_response_seconds, NEW.average_rating, NEW.review_count)
  ON CONFLICT (creator_id) DO NOTHING;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER profiles_creator_stats_row AFTER INSERT ON profiles
  FOR EACH ROW EXECUTE FUNCTION profiles_creator_stats_row();--> statement-breakpoint
-- The previous release's writes of the old columns (messages/response-rate.ts, reviews' recount).
CREATE FUNCTION profiles_creator_stats_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
  UPDATE creator_stats SET response_rate = NEW.response_rate, avg_response_seconds = NEW.avg_response_seconds,
    average_rating = NEW.average_rating, review_count = NEW.review_count, updated_at = now()
  WHERE creator_id = NEW.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER profiles_creator_stats_sync AFTER UPDATE OF response_rate, avg_response_seconds, average_rating,
  review_count ON profiles
  FOR EACH ROW EXECUTE FUNCTION profiles_creator_stats_sync();--> statement-breakpoint
CREATE FUNCTION profiles_notification_preferences_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
  INSERT INTO notification_preferences (user_id, preferences) VALUES (NEW.id, NEW.notification_preferences)
  ON CONFLICT (user_id) DO UPDATE SET preferences = excluded.preferences, updated_at = now();
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER profiles_notification_preferences_sync AFTER INSERT OR UPDATE OF notification_preferences ON profiles
  FOR EACH ROW EXECUTE FUNCTION profiles_notification_preferences_sync();--> statement-breakpoint
-- The copy, before the triggers that copy back (it would echo every row into profiles). Every profile
-- gets both rows (a preferences row is optional later: absence reads as the defaults).
INSERT INTO creator_stats (creator_id, response_rate, avg_response_seconds, average_rating, review_count)
  SELECT id, response_rate, avg_response_seconds, average_rating, review_count FROM profiles
  ON CONFLICT (creator_id) DO NOTHING;--> statement-breakpoint
INSERT INTO notification_preferences (user_id, preferences)
  SELECT id, notification_preferences FROM profiles
  ON CONFLICT (user_id) DO NOTHING;--> statement-breakpoint
-- This release's writes, copied back for the previous release's readers (browse, cards, admin).
CREATE FUNCTION creator_stats_profiles_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
  UPDATE profiles SET response_rate = NEW.response_rate, avg_response_seconds = NEW.avg_response_seconds,
    average_rating = NEW.average_rating, review_count = NEW.review_count
  WHERE id = NEW.creator_id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER creator_stats_profiles_sync AFTER INSERT OR UPDATE ON creator_stats
  FOR EACH ROW EXECUTE FUNCTION creator_stats_profiles_sync();--> statement-breakpoint
CREATE FUNCTION notification_preferences_profiles_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
  UPDATE profiles SET notification_preferences = NEW.preferences WHERE id = NEW.user_id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER notification_preferences_profiles_sync AFTER INSERT OR UPDATE ON notification_preferences
  FOR EACH ROW EXECUTE FUNCTION notification_preferences_profiles_sync();
