CREATE TABLE "conversation_summaries" (
	"conversation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"other_id" uuid NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"unanswered_count" integer DEFAULT 0 NOT NULL,
	"last_activity" timestamp with time zone,
	"last_message_id" uuid,
	CONSTRAINT "conversation_summaries_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
CREATE INDEX "conversation_summaries_user_activity_idx" ON "conversation_summaries" USING btree ("user_id","last_activity","conversation_id") WHERE "conversation_summaries"."message_count" > 0;--> statement-breakpoint
-- Issue 14, decision 0019: the conversation list pages over these rows instead of aggregating all of a
-- user's messages per request. They are kept by the triggers below, in the same statement as the
-- change to `messages`, so no code path (send, pay, reply, follow-up, expiry, decline, block, cancel,
-- moderation, an account deletion's cascade) can leave them behind.
--
-- Recomputes the rows of the given conversations from `messages` (by messages_conversation_created_idx):
-- one per participant of any of their messages; the count, newest activity and newest message over
-- the visible ones (status sent, responded or refunded; messages/queries.ts#isVisibleSql), with the
-- same order as the list's last message (a reply counts from when it was sent, then the id); the
-- paid messages still `sent` (queries.ts#isUnanswered), so the list looks for open ones only there.
-- Concurrency (READ COMMITTED): two transactions changing different messages of one conversation
-- would each recompute from a snapshot without the other's change. So the rows are locked first,
-- in one order (1, 2), and only then recomputed by a separate statement (3), whose fresh snapshot
-- includes whatever the lock waited for. Rows stay while the conversation has any message (with
-- count 0 while none is visible), so there is always a row to lock.
CREATE FUNCTION conversation_summaries_refresh(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(ids), 0) = 0 THEN
    RETURN;
  END IF;
  -- 1. A row for every participant, so there is something to lock. (This already waits for a
  --    transaction that is inserting or has changed one of these rows; step 2 also catches one that
  --    only locked them.)
  INSERT INTO conversation_summaries (conversation_id, user_id, other_id)
  SELECT m.conversation_id, p.user_id, min(p.other_id::text)::uuid
  FROM messages m
  CROSS JOIN LATERAL (VALUES (m.sender_id, m.recipient_id), (m.recipient_id, m.sender_id)) AS p(user_id, other_id)
  WHERE m.conversation_id = ANY (ids)
  GROUP BY m.conversation_id, p.user_id
  ORDER BY m.conversation_id, p.user_id
  ON CONFLICT DO NOTHING;
  -- 2. Lock them, in key order (two statements touching the same conversations cannot deadlock here).
  PERFORM 1 FROM conversation_summaries
  WHERE conversation_id = ANY (ids)
  ORDER BY conversation_id, user_id
  FOR UPDATE;
  -- 3. Recompute with a fresh snapshot; write only what changed; drop rows whose messages are gone.
  WITH expected AS (
    SELECT m.conversation_id, p.user_id,
      coalesce(
        min(p.other_id::text) FILTER (WHERE m.status IN ('sent', 'responded', 'refunded')),
        min(p.other_id::text)
      )::uuid AS other_id,
      (count(*) FILTER (WHERE m.status IN ('sent', 'responded', 'refunded')))::int AS message_count,
      (count(*) FILTER (WHERE m.status = 'sent' AND NOT m.is_followup AND m.amount > 0))::int AS unanswered_count,
      max(greatest(m.created_at, coalesce(m.responded_at, m.created_at)))
        FILTER (WHERE m.status IN ('sent', 'responded', 'refunded')) AS last_activity,
      (array_agg(m.id ORDER BY greatest(m.created_at, coalesce(m.responded_at, m.created_at)) DESC, m.id DESC)
        FILTER (WHERE m.status IN ('sent', 'responded', 'refunded')))[1] AS last_message_id
    FROM messages m
    CROSS JOIN LATERAL (VALUES (m.sender_id, m.recipient_id), (m.recipient_id, m.sender_id)) AS p(user_id, other_id)
    WHERE m.conversation_id = ANY (ids)
    GROUP BY m.conversation_id, p.user_id
  ),
  written AS (
    INSERT INTO conversation_summaries AS s
      (conversation_id, user_id, other_id, message_count, unanswered_count, last_activity, last_message_id)
    SELECT conversation_id, user_id, other_id, message_count, unanswered_count, last_activity, last_message_id
    FROM expected
    ON CONFLICT (conversation_id, user_id) DO UPDATE
      SET other_id = excluded.other_id, message_count = excluded.message_count,
        unanswered_count = excluded.unanswered_count, last_activity = excluded.last_activity,
        last_message_id = excluded.last_message_id
      WHERE (s.other_id, s.message_count, s.unanswered_count, s.last_activity, s.last_message_id)
        IS DISTINCT FROM (excluded.other_id, excluded.message_count, excluded.unanswered_count,
          excluded.last_activity, excluded.last_message_id)
  )
  DELETE FROM conversation_summaries s
  WHERE s.conversation_id = ANY (ids)
    AND NOT EXISTS (SELECT 1 FROM expected e WHERE e.conversation_id = s.conversation_id AND e.user_id = s.user_id);
END;
$$;
--> statement-breakpoint
CREATE FUNCTION messages_summaries_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM conversation_summaries_refresh(ARRAY(SELECT DISTINCT conversation_id FROM new_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- An update counts only when it changes what a summary is made of (not a reply's text, updated_at…).
-- (A trigger with transition tables cannot name columns, so the changed rows are found here.)
CREATE FUNCTION messages_summaries_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM conversation_summaries_refresh(ARRAY(
    SELECT DISTINCT conversation_id FROM (
      (SELECT id, conversation_id, sender_id, recipient_id, status, created_at, responded_at, amount, is_followup FROM old_rows
       EXCEPT SELECT id, conversation_id, sender_id, recipient_id, status, created_at, responded_at, amount, is_followup FROM new_rows)
      UNION ALL
      (SELECT id, conversation_id, sender_id, recipient_id, status, created_at, responded_at, amount, is_followup FROM new_rows
       EXCEPT SELECT id, conversation_id, sender_id, recipient_id, status, created_at, responded_at, amount, is_followup FROM old_rows)
    ) AS changed
  ));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION messages_summaries_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM conversation_summaries_refresh(ARRAY(SELECT DISTINCT conversation_id FROM old_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION messages_summaries_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM conversation_summaries;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER messages_summaries_insert AFTER INSERT ON messages
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION messages_summaries_inserted();
--> statement-breakpoint
CREATE TRIGGER messages_summaries_update AFTER UPDATE ON messages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION messages_summaries_updated();
--> statement-breakpoint
CREATE TRIGGER messages_summaries_delete AFTER DELETE ON messages
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION messages_summaries_deleted();
--> statement-breakpoint
CREATE TRIGGER messages_summaries_truncate AFTER TRUNCATE ON messages
  FOR EACH STATEMENT EXECUTE FUNCTION messages_summaries_truncated();
--> statement-breakpoint
-- Backfill: every existing conversation, by the same function.
SELECT conversation_summaries_refresh(ARRAY(SELECT DISTINCT conversation_id FROM messages));
