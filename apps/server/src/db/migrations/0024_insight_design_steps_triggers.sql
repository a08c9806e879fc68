-- The designs' steps of the insights' read model (decision 039), kept by triggers on the status
-- history and the chat's files. Whose turn (decision 038): the designer's from a move to Brief,
-- Correction or Approved until the next Sketch, HQ or LQ file; the managers' from such a file or any
-- other move until the next; nobody's after Completed or Cancelled.
CREATE FUNCTION insight_refresh_steps(psd_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(psd_ids), 0) = 0 THEN
    RETURN;
  END IF;
  DELETE FROM insight_design_steps WHERE psd_id = ANY (psd_ids);
  INSERT INTO insight_design_steps (psd_id, left_created, brief, sketch, approved, completed, corrections, on_designer, on_manager)
  WITH turns AS (
    SELECT h.psd_id, h.created_at AS at,
           CASE WHEN h.to_status IN ('Brief', 'Correction', 'Approved') THEN 'designer'
                WHEN h.to_status IN ('Completed', 'Cancelled') THEN 'none' ELSE 'manager' END AS turn
    FROM design_status_changes h WHERE h.psd_id = ANY (psd_ids)
    UNION ALL
    SELECT c.psd_id, m.created_at, 'manager'
    FROM chat_messages m JOIN chats c ON c.id = m.chat_id
    WHERE c.psd_id = ANY (psd_ids) AND m.type_file IN ('Sketch', 'HQ', 'LQ')
  ),
  waits AS (
    SELECT psd_id, sum(days) FILTER (WHERE turn = 'designer') AS on_designer, sum(days) FILTER (WHERE turn = 'manager') AS on_manager
    FROM (SELECT psd_id, turn, extract(epoch FROM (lead(at) OVER (PARTITION BY psd_id ORDER BY at) - at)) / 86400.0 AS days FROM turns) w
    GROUP BY psd_id
  ),
  moves AS (
    SELECT h.psd_id,
           min(h.created_at) FILTER (WHERE h.from_status = 'Created') AS left_created,
           min(h.created_at) FILTER (WHERE h.to_status = 'Brief') AS brief,
           min(h.created_at) FILTER (WHERE h.to_status = 'Approved') AS approved,
           min(h.created_at) FILTER (WHERE h.to_status = 'Completed') AS completed,
           count(*) FILTER (WHERE h.to_status = 'Correction') AS corrections
    FROM design_status_changes h WHERE h.psd_id = ANY (psd_ids)
    GROUP BY h.psd_id
  ),
  sketches AS (
    SELECT c.psd_id, min(m.created_at) AS sketch
    FROM chat_messages m JOIN chats c ON c.id = m.chat_id
    WHERE c.psd_id = ANY (psd_ids) AND m.type_file = 'Sketch'
    GROUP BY c.psd_id
  )
  SELECT ps.id, mv.left_created, mv.brief, sk.sketch, mv.approved, mv.completed, coalesce(mv.corrections, 0), coalesce(w.on_designer, 0), coalesce(w.on_manager, 0)
  FROM promotion_surface_designs ps
  LEFT JOIN moves mv ON mv.psd_id = ps.id
  LEFT JOIN sketches sk ON sk.psd_id = ps.id
  LEFT JOIN waits w ON w.psd_id = ps.id
  WHERE ps.id = ANY (psd_ids) AND (mv.psd_id IS NOT NULL OR sk.psd_id IS NOT NULL OR w.psd_id IS NOT NULL);
END $$;
--> statement-breakpoint
CREATE FUNCTION insight_on_status_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM insight_refresh_steps(array(SELECT DISTINCT psd_id FROM changed_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER insight_status_changes_inserted AFTER INSERT ON design_status_changes REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_on_status_changes();
--> statement-breakpoint
CREATE TRIGGER insight_status_changes_updated AFTER UPDATE ON design_status_changes REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_on_status_changes();
--> statement-breakpoint
CREATE TRIGGER insight_status_changes_deleted AFTER DELETE ON design_status_changes REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_on_status_changes();
--> statement-breakpoint
-- Chat messages: only files that start or end a turn matter (Sketch, HQ, LQ).
CREATE FUNCTION insight_on_chat_files() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM insight_refresh_steps(array(
    SELECT DISTINCT c.psd_id FROM changed_rows m JOIN chats c ON c.id = m.chat_id WHERE m.type_file IN ('Sketch', 'HQ', 'LQ')));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER insight_chat_files_inserted AFTER INSERT ON chat_messages REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_on_chat_files();
--> statement-breakpoint
CREATE TRIGGER insight_chat_files_deleted AFTER DELETE ON chat_messages REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_on_chat_files();
--> statement-breakpoint
CREATE FUNCTION insight_on_chat_file_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM insight_refresh_steps(array(
    SELECT DISTINCT c.psd_id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN chats c ON c.id = n.chat_id
    WHERE (n.type_file, n.created_at, n.chat_id) IS DISTINCT FROM (o.type_file, o.created_at, o.chat_id)
      AND (n.type_file IN ('Sketch', 'HQ', 'LQ') OR o.type_file IN ('Sketch', 'HQ', 'LQ'))));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER insight_chat_file_changed AFTER UPDATE ON chat_messages REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_on_chat_file_change();
--> statement-breakpoint
-- What exists already.
SELECT insight_refresh_steps(array(SELECT DISTINCT psd_id FROM design_status_changes UNION SELECT DISTINCT c.psd_id FROM chat_messages m JOIN chats c ON c.id = m.chat_id WHERE m.type_file IN ('Sketch', 'HQ', 'LQ')));
