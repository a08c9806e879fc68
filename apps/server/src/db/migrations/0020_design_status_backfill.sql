-- The status changes made before design_status_changes existed, read from the audit log (issue 24):
-- the design's edit dialog ('update_brief' on the design) and a sketch's rating ('rate' on its
-- chat message, which names the status only when the rating moved it). Designs deleted since are left out.
INSERT INTO "design_status_changes" ("psd_id", "from_status", "to_status", "cause", "changed_by_id", "created_at", "updated_at")
SELECT a."entity_id", a."before"->>'status', a."after"->>'status', 'edit', a."actor_id", a."created_at", a."created_at"
FROM "audit_log" a
JOIN "promotion_surface_designs" p ON p."id" = a."entity_id"
WHERE a."entity" = 'promotion_surface_designs' AND a."action" = 'update_brief' AND a."after" ? 'status'
  AND a."after"->>'status' IS DISTINCT FROM a."before"->>'status';
--> statement-breakpoint
INSERT INTO "design_status_changes" ("psd_id", "from_status", "to_status", "cause", "changed_by_id", "created_at", "updated_at")
SELECT c."psd_id", a."before"->>'status', a."after"->>'status', 'rating', a."actor_id", a."created_at", a."created_at"
FROM "audit_log" a
JOIN "chat_messages" m ON m."id" = a."entity_id"
JOIN "chats" c ON c."id" = m."chat_id"
WHERE a."entity" = 'chat_messages' AND a."action" = 'rate' AND a."after" ? 'status';
