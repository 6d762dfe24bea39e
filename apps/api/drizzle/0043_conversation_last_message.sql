ALTER TABLE "conversations" ADD COLUMN "last_message_id" integer;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "last_client_visible_message_id" integer;--> statement-breakpoint
-- Kept by the database (as 0028 keeps a client's bookkeeping history) so that no path that adds
-- messages can forget them: the send, a job, a seed, a process of the previous release during a
-- rolling update. Messages are never deleted one by one (a conversation goes with its messages).
CREATE OR REPLACE FUNCTION conversations_record_last_message() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE conversations c SET
    last_message_id = greatest(coalesce(c.last_message_id, 0), n.last_id),
    last_client_visible_message_id = CASE
      WHEN n.last_visible_id IS NULL THEN c.last_client_visible_message_id
      ELSE greatest(coalesce(c.last_client_visible_message_id, 0), n.last_visible_id)
    END
  FROM (
    SELECT conversation_id, max(id) AS last_id, max(id) FILTER (WHERE NOT is_internal_note) AS last_visible_id
    FROM new_rows GROUP BY conversation_id
  ) n
  WHERE c.id = n.conversation_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER conversation_messages_last_message
  AFTER INSERT ON conversation_messages
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION conversations_record_last_message();
--> statement-breakpoint
UPDATE conversations c SET
  last_message_id = n.last_id,
  last_client_visible_message_id = n.last_visible_id
FROM (
  SELECT conversation_id, max(id) AS last_id, max(id) FILTER (WHERE NOT is_internal_note) AS last_visible_id
  FROM conversation_messages GROUP BY conversation_id
) n
WHERE c.id = n.conversation_id;
