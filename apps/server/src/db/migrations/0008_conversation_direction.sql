-- Security review M4: a conversation is one (fan, creator) direction. Before this, a creator who
-- paid another creator back joined the first direction's conversation. Split such conversations:
-- each message moves to the earliest message of its own direction within that conversation (a paid
-- message goes fan -> creator, a follow-up creator -> fan). Single-direction conversations keep
-- their id, because their first message is their id.
UPDATE "messages" AS m SET "conversation_id" = d."new_id"
FROM (
  SELECT "id", first_value("id") OVER (
    PARTITION BY "conversation_id",
      CASE WHEN "is_followup" THEN "recipient_id" ELSE "sender_id" END,
      CASE WHEN "is_followup" THEN "sender_id" ELSE "recipient_id" END
    ORDER BY ("id" = "conversation_id") DESC, "created_at", "id"
  ) AS "new_id"
  FROM "messages"
) AS d
WHERE d."id" = m."id" AND m."conversation_id" <> d."new_id";
