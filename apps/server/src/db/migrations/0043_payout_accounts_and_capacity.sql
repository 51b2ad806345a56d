CREATE TABLE "creator_capacity" (
	"creator_id" uuid PRIMARY KEY NOT NULL,
	"max_open_messages" integer,
	"daily_message_cap" integer,
	"vacation_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creator_capacity_max_open_range" CHECK ("creator_capacity"."max_open_messages" is null or "creator_capacity"."max_open_messages" between 1 and 1000),
	CONSTRAINT "creator_capacity_daily_cap_range" CHECK ("creator_capacity"."daily_message_cap" is null or "creator_capacity"."daily_message_cap" between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"creator_id" uuid PRIMARY KEY NOT NULL,
	"stripe_account_id" text,
	"onboarding_completed" boolean DEFAULT false NOT NULL,
	"state" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "creator_capacity" ADD CONSTRAINT "creator_capacity_creator_id_profiles_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_creator_id_profiles_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_stripe_account_key" ON "payout_accounts" USING btree ("stripe_account_id") WHERE "payout_accounts"."stripe_account_id" is not null;--> statement-breakpoint
-- Decision 0071, hand-written below drizzle-kit's tables: the payout account (payments) and the
-- creator's capacity (care) leave profiles. Expand and migrate in this release: the previous release
-- still reads and writes the profiles columns while instances roll, so until the next release drops
-- them (with these four triggers and functions) each side copies its writes to the other. A copy is
-- not copied back: pg_trigger_depth() is 2 inside a write made by the other side's trigger. No row in
-- a new table means the old defaults (no account, not ready; no limits, not away), so the old side's
-- defaults delete the row. Each profiles trigger is made before its copy (creating it locks profiles
-- against writes until this migration commits, so no write falls between the copy and the trigger);
-- each new table's trigger after it, so the copy is not written back.
CREATE FUNCTION "payout_accounts_from_profiles"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
  IF TG_OP = 'UPDATE' AND (NEW.stripe_account_id, NEW.stripe_onboarding_completed, NEW.payout_account_state)
      IS NOT DISTINCT FROM (OLD.stripe_account_id, OLD.stripe_onboarding_completed, OLD.payout_account_state) THEN
    RETURN NULL;
  END IF;
  IF NEW.stripe_account_id IS NULL AND NOT NEW.stripe_onboarding_completed AND NEW.payout_account_state IS NULL THEN
    DELETE FROM payout_accounts WHERE creator_id = NEW.id;
  ELSE
    INSERT INTO payout_accounts (creator_id, stripe_account_id, onboarding_completed, state, updated_at)
    VALUES (NEW.id, NEW.stripe_account_id, NEW.stripe_onboarding_completed, NEW.payout_account_state, now())
    ON CONFLICT (creator_id) DO UPDATE SET stripe_account_id = EXCLUDED.stripe_account_id,
      onboarding_completed = EXCLUDED.onboarding_completed, state = EXCLUDED.state, updated_at = EXCLUDED.updated_at;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "profiles_payout_account_sync" AFTER INSERT OR UPDATE OF stripe_account_id, stripe_onboarding_completed,
  payout_account_state ON profiles FOR EACH ROW EXECUTE FUNCTION "payout_accounts_from_profiles"();--> statement-breakpoint
INSERT INTO "payout_accounts" ("creator_id", "stripe_account_id", "onboarding_completed", "state")
SELECT "id", "stripe_account_id", "stripe_onboarding_completed", "payout_account_state" FROM "profiles"
WHERE "stripe_account_id" IS NOT NULL OR "stripe_onboarding_completed" OR "payout_account_state" IS NOT NULL
ON CONFLICT ("creator_id") DO NOTHING;--> statement-breakpoint
CREATE FUNCTION "payout_accounts_to_profiles"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
  IF TG_OP = 'DELETE' THEN
    UPDATE profiles SET stripe_account_id = NULL, stripe_onboarding_completed = false, payout_account_state = NULL
    WHERE id = OLD.creator_id
      AND (stripe_account_id IS NOT NULL OR stripe_onboarding_completed OR payout_account_state IS NOT NULL);
  ELSE
    UPDATE profiles SET stripe_account_id = NEW.stripe_account_id, stripe_onboarding_completed = NEW.onboarding_completed,
      payout_account_state = NEW.state
    WHERE id = NEW.creator_id
      AND (stripe_account_id, stripe_onboarding_completed, payout_account_state)
        IS DISTINCT FROM (NEW.stripe_account_id, NEW.onboarding_completed, NEW.state);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "payout_accounts_profiles_sync" AFTER INSERT OR UPDATE OR DELETE ON payout_accounts
  FOR EACH ROW EXECUTE FUNCTION "payout_accounts_to_profiles"();--> statement-breakpoint
CREATE FUNCTION "creator_capacity_from_profiles"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
  IF TG_OP = 'UPDATE' AND (NEW.max_open_messages, NEW.daily_message_cap, NEW.vacation_until)
      IS NOT DISTINCT FROM (OLD.max_open_messages, OLD.daily_message_cap, OLD.vacation_until) THEN
    RETURN NULL;
  END IF;
  IF NEW.max_open_messages IS NULL AND NEW.daily_message_cap IS NULL AND NEW.vacation_until IS NULL THEN
    DELETE FROM creator_capacity WHERE creator_id = NEW.id;
  ELSE
    INSERT INTO creator_capacity (creator_id, max_open_messages, daily_message_cap, vacation_until, updated_at)
    VALUES (NEW.id, NEW.max_open_messages, NEW.daily_message_cap, NEW.vacation_until, now())
    ON CONFLICT (creator_id) DO UPDATE SET max_open_messages = EXCLUDED.max_open_messages,
      daily_message_cap = EXCLUDED.daily_message_cap, vacation_until = EXCLUDED.vacation_until,
      updated_at = EXCLUDED.updated_at;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "profiles_capacity_sync" AFTER INSERT OR UPDATE OF max_open_messages, daily_message_cap, vacation_until
  ON profiles FOR EACH ROW EXECUTE FUNCTION "creator_capacity_from_profiles"();--> statement-breakpoint
INSERT INTO "creator_capacity" ("creator_id", "max_open_messages", "daily_message_cap", "vacation_until")
SELECT "id", "max_open_messages", "daily_message_cap", "vacation_until" FROM "profiles"
WHERE "max_open_messages" IS NOT NULL OR "daily_message_cap" IS NOT NULL OR "vacation_until" IS NOT NULL
ON CONFLICT ("creator_id") DO NOTHING;--> statement-breakpoint
CREATE FUNCTION "creator_capacity_to_profiles"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
  IF TG_OP = 'DELETE' THEN
    UPDATE profiles SET max_open_messages = NULL, daily_message_cap = NULL, vacation_until = NULL
    WHERE id = OLD.creator_id
      AND (max_open_messages IS NOT NULL OR daily_message_cap IS NOT NULL OR vacation_until IS NOT NULL);
  ELSE
    UPDATE profiles SET max_open_messages = NEW.max_open_messages, daily_message_cap = NEW.daily_message_cap,
      vacation_until = NEW.vacation_until
    WHERE id = NEW.creator_id
      AND (max_open_messages, daily_message_cap, vacation_until)
        IS DISTINCT FROM (NEW.max_open_messages, NEW.daily_message_cap, NEW.vacation_until);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "creator_capacity_profiles_sync" AFTER INSERT OR UPDATE OR DELETE ON creator_capacity
  FOR EACH ROW EXECUTE FUNCTION "creator_capacity_to_profiles"();
