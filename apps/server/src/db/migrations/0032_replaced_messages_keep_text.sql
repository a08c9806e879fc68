-- Issue 33 (decision 030): a file replaced by a newer version of its type keeps the text its sender
-- wrote with it; until now the replacement emptied it. The text comes back from the message's audit
-- trail, its last edit or else its creation, where that is still on record; a deleted message
-- (no replaced_by_id) stays empty.
UPDATE "chat_messages" AS "m"
SET "text" = "last"."text"
FROM (
	SELECT DISTINCT ON ("entity_id") "entity_id", "after"->>'text' AS "text"
	FROM "audit_log"
	WHERE "entity" = 'chat_messages' AND "action" IN ('create', 'update') AND "after"->>'text' IS NOT NULL
	ORDER BY "entity_id", "id" DESC
) AS "last"
WHERE "m"."id" = "last"."entity_id"
	AND "m"."replaced_by_id" IS NOT NULL
	AND "m"."delete_message" = true
	AND "m"."text" = ''
	AND "last"."text" <> '';
