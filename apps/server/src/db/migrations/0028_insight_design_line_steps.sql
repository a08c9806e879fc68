-- Every design line gets a row, with what the figures filter and group by; filled by the new refresh below.
ALTER TABLE "insight_design_steps" ADD COLUMN "promotion_id" integer;--> statement-breakpoint
ALTER TABLE "insight_design_steps" ADD COLUMN "period_from" date;--> statement-breakpoint
ALTER TABLE "insight_design_steps" ADD COLUMN "category_id" integer;--> statement-breakpoint
ALTER TABLE "insight_design_steps" ADD COLUMN "designer_id" integer;--> statement-breakpoint
ALTER TABLE "insight_design_steps" ADD COLUMN "status" text;--> statement-breakpoint
-- Whose turn (decision 038): the designer's from a move to Brief, Correction or Approved until the
-- next Sketch, HQ or LQ file; the managers' from such a file or any other move until the next;
-- nobody's after Completed or Cancelled. One row per design line, moments null where none happened.
CREATE OR REPLACE FUNCTION insight_refresh_steps(psd_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(psd_ids), 0) = 0 THEN
    RETURN;
  END IF;
  DELETE FROM insight_design_steps WHERE psd_id = ANY (psd_ids);
  INSERT INTO insight_design_steps (psd_id, promotion_id, period_from, category_id, designer_id, status,
                                    left_created, brief, sketch, approved, completed, corrections, on_designer, on_manager)
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
  SELECT ps.id, ps.promotion_id, p.period_from, d.category_id, ps.designer_id, ps.status,
         mv.left_created, mv.brief, sk.sketch, mv.approved, mv.completed, coalesce(mv.corrections, 0), coalesce(w.on_designer, 0), coalesce(w.on_manager, 0)
  FROM promotion_surface_designs ps
  JOIN promotions p ON p.id = ps.promotion_id
  JOIN designs d ON d.id = ps.design_id
  LEFT JOIN moves mv ON mv.psd_id = ps.id
  LEFT JOIN sketches sk ON sk.psd_id = ps.id
  LEFT JOIN waits w ON w.psd_id = ps.id
  WHERE ps.id = ANY (psd_ids);
END $$;
--> statement-breakpoint
SELECT insight_refresh_steps(array(SELECT id FROM promotion_surface_designs));
--> statement-breakpoint
ALTER TABLE "insight_design_steps" ALTER COLUMN "promotion_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "insight_design_steps" ALTER COLUMN "period_from" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "insight_design_steps" ALTER COLUMN "category_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "insight_design_steps" ALTER COLUMN "status" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "insight_design_steps_period_idx" ON "insight_design_steps" USING btree ("period_from","category_id","promotion_id","designer_id","status","left_created","brief","sketch","approved","completed","corrections","on_designer","on_manager");
--> statement-breakpoint
-- A design line made, or its status, designer, design or promotion changed (also without a status history row: a script's update).
CREATE FUNCTION insight_steps_on_design_lines_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM insight_refresh_steps(array(SELECT id FROM changed_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER insight_steps_design_lines_inserted AFTER INSERT ON promotion_surface_designs REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_steps_on_design_lines_inserted();
--> statement-breakpoint
CREATE FUNCTION insight_steps_on_design_line_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM insight_refresh_steps(array(
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.status, n.designer_id, n.design_id, n.promotion_id) IS DISTINCT FROM (o.status, o.designer_id, o.design_id, o.promotion_id)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER insight_steps_design_line_changed AFTER UPDATE ON promotion_surface_designs REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_steps_on_design_line_change();
--> statement-breakpoint
CREATE FUNCTION insight_steps_on_design_category() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved integer[] := array(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.category_id IS DISTINCT FROM o.category_id);
BEGIN
  IF cardinality(moved) > 0 THEN
    UPDATE insight_design_steps st SET category_id = d.category_id
      FROM promotion_surface_designs ps JOIN designs d ON d.id = ps.design_id
      WHERE st.psd_id = ps.id AND ps.design_id = ANY (moved);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER insight_steps_design_category AFTER UPDATE ON designs REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_steps_on_design_category();
--> statement-breakpoint
CREATE FUNCTION insight_steps_on_promotion_period() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved integer[] := array(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.period_from IS DISTINCT FROM o.period_from);
BEGIN
  IF cardinality(moved) > 0 THEN
    UPDATE insight_design_steps st SET period_from = p.period_from FROM promotions p
      WHERE p.id = st.promotion_id AND st.promotion_id = ANY (moved);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER insight_steps_promotion_period AFTER UPDATE ON promotions REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_steps_on_promotion_period();
