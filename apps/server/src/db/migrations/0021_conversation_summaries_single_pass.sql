-- Issue 14, decision 0019 (round 3): the same summaries, computed with one sort instead of six. The 0019
-- function took each conversation's messages once per participant and sorted all of them in three
-- ordered aggregates per participant (newest id, text, side), so a conversation of a few hundred
-- messages cost milliseconds on every paid message, reply and expiry in it (delivery bench: 3 ms of
-- the payment's transaction at 300 messages). What is the same for both participants (count, newest
-- activity, the newest message, its text and its author) is now found once per conversation, the
-- newest message by one DISTINCT ON; only the other party and the two deadline lists stay per
-- participant, and their ordered aggregates sort just the unanswered messages their filters keep.
-- Same rows, same locking, same change detection (0019); the lifecycle invariant recomputes them
-- independently.
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
  WITH msg AS (
    SELECT m.id, m.conversation_id, m.sender_id, m.recipient_id, m.expires_at,
      m.status IN ('sent', 'responded', 'refunded') AS visible,
      m.status = 'sent' AND NOT m.is_followup AND m.amount > 0 AND m.expires_at IS NOT NULL AS unanswered,
      greatest(m.created_at, coalesce(m.responded_at, m.created_at)) AS activity,
      -- A reply shows once it is the newest activity (sent at or after its message): its text, its author.
      CASE WHEN m.response_content IS NOT NULL AND m.responded_at >= m.created_at
        THEN m.response_content ELSE m.content END AS shown_content,
      CASE WHEN m.response_content IS NOT NULL AND m.responded_at >= m.created_at
        THEN m.recipient_id ELSE m.sender_id END AS author
    FROM messages m
    WHERE m.conversation_id = ANY (ids)
  ),
  totals AS (
    SELECT conversation_id, (count(*) FILTER (WHERE visible))::int AS message_count,
      max(activity) FILTER (WHERE visible) AS last_activity
    FROM msg
    GROUP BY conversation_id
  ),
  newest AS (
    SELECT DISTINCT ON (conversation_id) conversation_id, id AS last_message_id, shown_content, author
    FROM msg
    WHERE visible
    ORDER BY conversation_id, activity DESC, id DESC
  ),
  sides AS (
    SELECT msg.conversation_id, p.user_id,
      coalesce(min(p.other_id::text) FILTER (WHERE visible), min(p.other_id::text))::uuid AS other_id,
      coalesce(array_agg(expires_at ORDER BY expires_at) FILTER (WHERE unanswered AND recipient_id = p.user_id), '{}')
        AS pending_deadlines,
      coalesce(array_agg(expires_at ORDER BY expires_at) FILTER (WHERE unanswered AND sender_id = p.user_id), '{}')
        AS waiting_deadlines
    FROM msg
    CROSS JOIN LATERAL (VALUES (msg.sender_id, msg.recipient_id), (msg.recipient_id, msg.sender_id)) AS p(user_id, other_id)
    GROUP BY msg.conversation_id, p.user_id
  ),
  expected AS (
    SELECT s.conversation_id, s.user_id, s.other_id, t.message_count, t.last_activity, n.last_message_id,
      n.shown_content AS last_content, n.author = s.user_id AS last_from_me, s.pending_deadlines, s.waiting_deadlines
    FROM sides s
    JOIN totals t ON t.conversation_id = s.conversation_id
    LEFT JOIN newest n ON n.conversation_id = s.conversation_id
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
-- Planned once per connection, not on every call: a custom plan for the CTE above cost more than its
-- execution on a conversation of a few messages (0.5 ms a call against 0.2 ms generic, measured on the
-- bench set). Its statements take only the ids array, so one plan suits them all.
ALTER FUNCTION conversation_summaries_refresh(uuid[]) SET plan_cache_mode = force_generic_plan;
