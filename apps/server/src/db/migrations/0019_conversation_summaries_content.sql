ALTER TABLE "conversation_summaries" ADD COLUMN "last_content" text;--> statement-breakpoint
ALTER TABLE "conversation_summaries" ADD COLUMN "last_from_me" boolean;--> statement-breakpoint
ALTER TABLE "conversation_summaries" ADD COLUMN "pending_deadlines" timestamp with time zone[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_summaries" ADD COLUMN "waiting_deadlines" timestamp with time zone[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- Issue 14, decision 0019 (round 2): the rows now carry everything the list shows but the other party's profile
-- (the newest visible message's text and side, and the deadlines of the unanswered paid messages to and
-- from each participant), so a page reads no `messages` row. Same function, same locking (0018); the
-- text follows the list's rule: a reply shows once it is the newest activity (sent at or after its
-- message). `unanswered_count` is no longer written (the deadlines say more) and goes in 0020.
CREATE OR REPLACE FUNCTION conversation_summaries_refresh(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(ids), 0) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO conversation_summaries (conversation_id, user_id, other_id)
  SELECT m.conversation_id, p.user_id, min(p.other_id::text)::uuid
  FROM messages m
  CROSS JOIN LATERAL (VALUES (m.sender_id, m.recipient_id), (m.recipient_id, m.sender_id)) AS p(user_id, other_id)
  WHERE m.conversation_id = ANY (ids)
  GROUP BY m.conversation_id, p.user_id
  ORDER BY m.conversation_id, p.user_id
  ON CONFLICT DO NOTHING;
  PERFORM 1 FROM conversation_summaries
  WHERE conversation_id = ANY (ids)
  ORDER BY conversation_id, user_id
  FOR UPDATE;
  WITH shown AS (
    SELECT m.*, p.user_id, p.other_id,
      m.status IN ('sent', 'responded', 'refunded') AS visible,
      m.status = 'sent' AND NOT m.is_followup AND m.amount > 0 AND m.expires_at IS NOT NULL AS unanswered,
      greatest(m.created_at, coalesce(m.responded_at, m.created_at)) AS activity,
      (m.response_content IS NOT NULL AND m.responded_at >= m.created_at) AS reply_shown
    FROM messages m
    CROSS JOIN LATERAL (VALUES (m.sender_id, m.recipient_id), (m.recipient_id, m.sender_id)) AS p(user_id, other_id)
    WHERE m.conversation_id = ANY (ids)
  ),
  expected AS (
    SELECT conversation_id, user_id,
      coalesce(min(other_id::text) FILTER (WHERE visible), min(other_id::text))::uuid AS other_id,
      (count(*) FILTER (WHERE visible))::int AS message_count,
      max(activity) FILTER (WHERE visible) AS last_activity,
      (array_agg(id ORDER BY activity DESC, id DESC) FILTER (WHERE visible))[1] AS last_message_id,
      (array_agg(CASE WHEN reply_shown THEN response_content ELSE content END ORDER BY activity DESC, id DESC)
        FILTER (WHERE visible))[1] AS last_content,
      (array_agg(CASE WHEN reply_shown THEN recipient_id = user_id ELSE sender_id = user_id END ORDER BY activity DESC, id DESC)
        FILTER (WHERE visible))[1] AS last_from_me,
      coalesce(array_agg(expires_at ORDER BY expires_at) FILTER (WHERE unanswered AND recipient_id = user_id), '{}')
        AS pending_deadlines,
      coalesce(array_agg(expires_at ORDER BY expires_at) FILTER (WHERE unanswered AND sender_id = user_id), '{}')
        AS waiting_deadlines
    FROM shown
    GROUP BY conversation_id, user_id
  ),
  written AS (
    INSERT INTO conversation_summaries AS s
      (conversation_id, user_id, other_id, message_count, last_activity, last_message_id, last_content, last_from_me,
        pending_deadlines, waiting_deadlines)
    SELECT conversation_id, user_id, other_id, message_count, last_activity, last_message_id, last_content, last_from_me,
      pending_deadlines, waiting_deadlines
    FROM expected
    ON CONFLICT (conversation_id, user_id) DO UPDATE
      SET other_id = excluded.other_id, message_count = excluded.message_count,
        last_activity = excluded.last_activity, last_message_id = excluded.last_message_id,
        last_content = excluded.last_content, last_from_me = excluded.last_from_me,
        pending_deadlines = excluded.pending_deadlines, waiting_deadlines = excluded.waiting_deadlines
      WHERE (s.other_id, s.message_count, s.last_activity, s.last_message_id, s.last_content, s.last_from_me,
          s.pending_deadlines, s.waiting_deadlines)
        IS DISTINCT FROM (excluded.other_id, excluded.message_count, excluded.last_activity, excluded.last_message_id,
          excluded.last_content, excluded.last_from_me, excluded.pending_deadlines, excluded.waiting_deadlines)
  )
  DELETE FROM conversation_summaries s
  WHERE s.conversation_id = ANY (ids)
    AND NOT EXISTS (SELECT 1 FROM expected e WHERE e.conversation_id = s.conversation_id AND e.user_id = s.user_id);
END;
$$;
--> statement-breakpoint
-- The texts and the deadline now count too (a moderator's edit, a reply's text, a new window).
CREATE OR REPLACE FUNCTION messages_summaries_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM conversation_summaries_refresh(ARRAY(
    SELECT DISTINCT conversation_id FROM (
      (SELECT id, conversation_id, sender_id, recipient_id, status, created_at, responded_at, amount, is_followup,
          expires_at, content, response_content FROM old_rows
       EXCEPT SELECT id, conversation_id, sender_id, recipient_id, status, created_at, responded_at, amount, is_followup,
          expires_at, content, response_content FROM new_rows)
      UNION ALL
      (SELECT id, conversation_id, sender_id, recipient_id, status, created_at, responded_at, amount, is_followup,
          expires_at, content, response_content FROM new_rows
       EXCEPT SELECT id, conversation_id, sender_id, recipient_id, status, created_at, responded_at, amount, is_followup,
          expires_at, content, response_content FROM old_rows)
    ) AS changed
  ));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Backfill: every existing conversation, by the same function.
SELECT conversation_summaries_refresh(ARRAY(SELECT DISTINCT conversation_id FROM messages));
