-- Issue 14, decision 0019 (round 5): the conversation list's rows are mostly copied, not encoded. The
-- list is read far more often than its rows change, and per request the pg driver decoding 17 columns
-- of 21 rows, and the JSON written from them, were about a third of the product's work on it. Each row
-- now keeps its JSON members that do not move with the clock, and each profile keeps its JSON as the
-- other party, both written by BEFORE triggers from the row's own columns whenever one of them
-- changes, so no code path can leave them stale. The text is what JSON.stringify writes: to_json
-- escapes a text as it does, and times are written as Date#toISOString does (UTC, milliseconds).
ALTER TABLE "conversation_summaries" ADD COLUMN "summary_json" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "party_json" text;--> statement-breakpoint
CREATE FUNCTION profiles_party_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.party_json := '{"id":' || to_json(NEW.id)::text
    || ',"username":' || to_json(NEW.username)::text
    || ',"displayName":' || coalesce(to_json(NEW.display_name)::text, 'null')
    || ',"avatarUrl":' || coalesce(to_json(NEW.avatar_url)::text, 'null')
    || ',"isCreator":' || NEW.is_creator::text
    || ',"instagramVerified":' || NEW.instagram_verified::text
    || ',"messagePrice":' || NEW.message_price::text
    || ',"isAvailable":' || NEW.is_available::text || '}';
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER profiles_party_json BEFORE INSERT OR UPDATE OF id, username, display_name, avatar_url, is_creator,
  instagram_verified, message_price, is_available, party_json ON profiles
  FOR EACH ROW EXECUTE FUNCTION profiles_party_json();--> statement-breakpoint
CREATE FUNCTION conversation_summaries_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.summary_json := '"lastMessageContent":' || coalesce(to_json(NEW.last_content)::text, 'null')
    || ',"lastMessageFromMe":' || coalesce(NEW.last_from_me::text, 'null')
    || ',"lastActivity":'
    || coalesce('"' || to_char(NEW.last_activity AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"', 'null')
    || ',"messageCount":' || NEW.message_count::text;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER conversation_summaries_json BEFORE INSERT OR UPDATE OF last_content, last_from_me, last_activity,
  message_count, summary_json ON conversation_summaries
  FOR EACH ROW EXECUTE FUNCTION conversation_summaries_json();--> statement-breakpoint
-- Backfill: touching a column of each trigger's list runs the trigger on every existing row.
UPDATE profiles SET party_json = NULL;--> statement-breakpoint
UPDATE conversation_summaries SET summary_json = NULL;
