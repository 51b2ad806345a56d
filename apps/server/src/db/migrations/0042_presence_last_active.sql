-- Decision 0073: "last active" is presence's, so it moves from profiles to user_presence. Expand step
-- of expand → migrate → contract (decision 0036): profiles.last_active_at stays, kept in step by the
-- triggers below while the previous release still reads and writes it; the release after drops both.
ALTER TABLE "user_presence" ADD COLUMN "last_active_at" timestamp with time zone;
--> statement-breakpoint
-- The data moves: every stamped profile's time into its presence row (an offline row for a profile
-- that has none, as after signing out), before the triggers exist so none rewrites it.
INSERT INTO user_presence (user_id, status, last_seen_at, last_active_at)
SELECT id, 'offline', last_active_at, last_active_at FROM profiles WHERE last_active_at IS NOT NULL
ON CONFLICT (user_id) DO UPDATE SET last_active_at = excluded.last_active_at;
--> statement-breakpoint
-- The previous release writes status and last_seen_at only: an online or away write is activity, as
-- the new code writes it itself (modules/presence/update-user-activity.ts).
CREATE FUNCTION user_presence_stamp_last_active() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status <> 'offline' THEN
    NEW.last_active_at := NEW.last_seen_at;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER user_presence_stamp_last_active BEFORE INSERT OR UPDATE ON user_presence
  FOR EACH ROW EXECUTE FUNCTION user_presence_stamp_last_active();
--> statement-breakpoint
-- The previous release reads profiles.last_active_at (cards, creator metrics): keep it in step.
CREATE FUNCTION user_presence_last_active_to_profiles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profiles SET last_active_at = NEW.last_active_at
  WHERE id = NEW.user_id AND last_active_at IS DISTINCT FROM NEW.last_active_at;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER user_presence_last_active_to_profiles AFTER INSERT OR UPDATE ON user_presence
  FOR EACH ROW EXECUTE FUNCTION user_presence_last_active_to_profiles();
