-- Issue 14, decision 0019 (round 4): a paid message going live (pending to sent, one row, nothing else
-- the summaries read changed but its deadline) updates its conversation's two summary rows in place
-- instead of recomputing them from every message of the conversation. That recomputation grew with the
-- conversation: on the delivery bench's conversation of 200 unanswered messages it was about half of
-- the statement that makes a paid message live (1.3 ms on a short conversation, 2.5-4 ms on that one).
-- In place: one more message counted; the message (unanswered, so its activity is its creation, its
-- text and author its own) becomes the newest when it is (by the same order as
-- conversation_summaries_refresh: activity, then id); its deadline joins the recipient's pending
-- and the sender's waiting list, kept sorted, when it is an unanswered paid message. The rows are
-- locked in the refresh's order first, so the two paths cannot deadlock. Any other change, or rows not
-- there to update, takes the full recomputation as before. The lifecycle property test compares every
-- row with its recomputation after every step.
CREATE OR REPLACE FUNCTION messages_summaries_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  live record;
  updated int;
BEGIN
  IF (SELECT count(*) FROM new_rows) = 1 THEN
    SELECT n.id, n.conversation_id, n.sender_id, n.recipient_id, n.created_at, n.content, n.expires_at,
      (NOT n.is_followup AND n.amount > 0 AND n.expires_at IS NOT NULL) AS unanswered
    INTO live
    FROM new_rows n
    JOIN old_rows o ON o.id = n.id
    WHERE o.status = 'pending' AND n.status = 'sent' AND n.responded_at IS NULL AND n.response_content IS NULL
      AND (o.conversation_id, o.sender_id, o.recipient_id, o.created_at, o.responded_at, o.amount, o.is_followup,
          o.content, o.response_content)
        IS NOT DISTINCT FROM (n.conversation_id, n.sender_id, n.recipient_id, n.created_at, n.responded_at, n.amount,
          n.is_followup, n.content, n.response_content);
    IF FOUND THEN
      PERFORM 1 FROM conversation_summaries
      WHERE conversation_id = live.conversation_id
      ORDER BY conversation_id, user_id
      FOR UPDATE;
      UPDATE conversation_summaries s
      SET message_count = s.message_count + 1,
        last_activity = CASE WHEN newer THEN live.created_at ELSE s.last_activity END,
        last_message_id = CASE WHEN newer THEN live.id ELSE s.last_message_id END,
        last_content = CASE WHEN newer THEN live.content ELSE s.last_content END,
        last_from_me = CASE WHEN newer THEN live.sender_id = s.user_id ELSE s.last_from_me END,
        pending_deadlines = CASE WHEN live.unanswered AND s.user_id = live.recipient_id
          THEN ARRAY(SELECT d FROM unnest(s.pending_deadlines || live.expires_at) AS d ORDER BY d)
          ELSE s.pending_deadlines END,
        waiting_deadlines = CASE WHEN live.unanswered AND s.user_id = live.sender_id
          THEN ARRAY(SELECT d FROM unnest(s.waiting_deadlines || live.expires_at) AS d ORDER BY d)
          ELSE s.waiting_deadlines END
      FROM (
        SELECT user_id,
          (last_message_id IS NULL OR (live.created_at, live.id) > (last_activity, last_message_id)) AS newer
        FROM conversation_summaries
        WHERE conversation_id = live.conversation_id
      ) AS w
      WHERE s.conversation_id = live.conversation_id AND s.user_id = w.user_id
        AND s.user_id IN (live.sender_id, live.recipient_id);
      GET DIAGNOSTICS updated = ROW_COUNT;
      IF updated = 2 THEN
        RETURN NULL;
      END IF;
    END IF;
  END IF;
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
