-- Decision 030: a chat holds one current file per type (Sketch, HQ, LQ), image or document alike.
-- Files of a type left live beside a newer one by the rule before (one per type and kind, and
-- every Sketch) become earlier versions of the newest: shown removed in the chat, file kept.
UPDATE "chat_messages" AS "m"
SET "delete_message" = true, "text" = '', "replaced_by_id" = "newest"."id", "updated_at" = now()
FROM (
	SELECT DISTINCT ON ("chat_id", "type_file") "id", "chat_id", "type_file"
	FROM "chat_messages"
	WHERE "type_file" IN ('Sketch', 'HQ', 'LQ') AND "delete_message" = false AND "file_id" IS NOT NULL
	ORDER BY "chat_id", "type_file", "message_id" DESC
) AS "newest"
WHERE "m"."chat_id" = "newest"."chat_id"
	AND "m"."type_file" = "newest"."type_file"
	AND "m"."delete_message" = false
	AND "m"."file_id" IS NOT NULL
	AND "m"."id" <> "newest"."id";
