-- The insights' read model (decision 039) is kept by these triggers, in the transaction of the change.
-- insight_refresh(ids) recomputes the promotions' totals from their frozen amounts, photos and
-- parcels; insight_refresh_steps(ids) the designs' steps from their status history and chat files.
-- Every trigger names the promotions or designs its rows touch.
CREATE FUNCTION insight_refresh(promotion_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(promotion_ids), 0) = 0 THEN
    RETURN;
  END IF;
  DELETE FROM insight_design_amounts WHERE promotion_id = ANY (promotion_ids);
  INSERT INTO insight_design_amounts (promotion_id, psd_id, category_id, surface_id, all_groups, station_group, amount)
    SELECT a.promotion_id, a.psd_id, min(d.category_id), min(ps.surface_id), grouping(u."group") = 1, u."group", sum(a.amount)
    FROM print_report_amounts a
    JOIN users u ON u.id = a.station_id
    JOIN promotion_surface_designs ps ON ps.id = a.psd_id
    JOIN designs d ON d.id = ps.design_id
    WHERE a.promotion_id = ANY (promotion_ids)
    GROUP BY GROUPING SETS ((a.promotion_id, a.psd_id, u."group"), (a.promotion_id, a.psd_id));
  DELETE FROM insight_station_figures WHERE promotion_id = ANY (promotion_ids);
  INSERT INTO insight_station_figures (promotion_id, station_id, category_id, value, surfaces, photographed)
    SELECT a.promotion_id, a.station_id, CASE WHEN grouping(d.category_id) = 1 THEN 0 ELSE d.category_id END,
           sum(a.amount * s.price), count(DISTINCT ps.surface_id),
           count(DISTINCT ps.surface_id) FILTER (WHERE EXISTS (
             SELECT 1 FROM placement_photos ph
             WHERE ph.promotion_id = a.promotion_id AND ph.station_id = a.station_id AND ph.surface_id = ps.surface_id))
    FROM print_report_amounts a
    JOIN promotion_surface_designs ps ON ps.id = a.psd_id
    JOIN designs d ON d.id = ps.design_id
    JOIN surfaces s ON s.id = ps.surface_id
    WHERE a.promotion_id = ANY (promotion_ids)
    GROUP BY GROUPING SETS ((a.promotion_id, a.station_id, d.category_id), (a.promotion_id, a.station_id));
  DELETE FROM insight_parcel_categories WHERE parcel_id IN (SELECT id FROM distributor_parcels WHERE promotion_id = ANY (promotion_ids));
  INSERT INTO insight_parcel_categories (parcel_id, categories)
    SELECT i.parcel_id, array_agg(DISTINCT d.category_id ORDER BY d.category_id)
    FROM distributor_parcels dp
    JOIN distributor_parcel_items i ON i.parcel_id = dp.id
    JOIN promotion_surface_designs ps ON ps.id = i.psd_id
    JOIN designs d ON d.id = ps.design_id
    WHERE dp.promotion_id = ANY (promotion_ids)
    GROUP BY i.parcel_id;
END $$;
--> statement-breakpoint
-- Rows that carry their promotion: frozen amounts, placement photos, parcels.
CREATE FUNCTION insight_on_promotion_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM insight_refresh(array(SELECT DISTINCT promotion_id FROM changed_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER insight_amounts_inserted AFTER INSERT ON print_report_amounts REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_on_promotion_rows();
--> statement-breakpoint
CREATE TRIGGER insight_amounts_updated AFTER UPDATE ON print_report_amounts REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_on_promotion_rows();
--> statement-breakpoint
CREATE TRIGGER insight_amounts_deleted AFTER DELETE ON print_report_amounts REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_on_promotion_rows();
--> statement-breakpoint
CREATE TRIGGER insight_photos_inserted AFTER INSERT ON placement_photos REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_on_promotion_rows();
--> statement-breakpoint
CREATE TRIGGER insight_photos_deleted AFTER DELETE ON placement_photos REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_on_promotion_rows();
--> statement-breakpoint
-- A parcel's items: the parcel names the promotion.
CREATE FUNCTION insight_on_parcel_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM insight_refresh(array(
    SELECT DISTINCT dp.promotion_id FROM changed_rows c JOIN distributor_parcels dp ON dp.id = c.parcel_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER insight_parcel_items_inserted AFTER INSERT ON distributor_parcel_items REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_on_parcel_items();
--> statement-breakpoint
CREATE TRIGGER insight_parcel_items_deleted AFTER DELETE ON distributor_parcel_items REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_on_parcel_items();
--> statement-breakpoint
-- What the totals are priced, grouped and split by: a surface's price, a design's category, a
-- station's group, a design line's surface or design. Only a real change refreshes.
CREATE FUNCTION insight_on_surface_price() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM insight_refresh(array(
    SELECT DISTINCT ps.promotion_id
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    JOIN promotion_surface_designs ps ON ps.surface_id = n.id
    WHERE n.price IS DISTINCT FROM o.price AND EXISTS (SELECT 1 FROM print_reports r WHERE r.promotion_id = ps.promotion_id)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER insight_surface_price AFTER UPDATE ON surfaces REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_on_surface_price();
--> statement-breakpoint
CREATE FUNCTION insight_on_design_category() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM insight_refresh(array(
    SELECT DISTINCT ps.promotion_id
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    JOIN promotion_surface_designs ps ON ps.design_id = n.id
    WHERE n.category_id IS DISTINCT FROM o.category_id AND EXISTS (SELECT 1 FROM print_reports r WHERE r.promotion_id = ps.promotion_id)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER insight_design_category AFTER UPDATE ON designs REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_on_design_category();
--> statement-breakpoint
CREATE FUNCTION insight_on_station_group() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n."group" IS DISTINCT FROM o."group") THEN
    RETURN NULL;
  END IF;
  PERFORM insight_refresh(array(
    SELECT DISTINCT a.promotion_id FROM print_report_amounts a
    WHERE a.station_id IN (SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n."group" IS DISTINCT FROM o."group")));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER insight_station_group AFTER UPDATE ON users REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_on_station_group();
--> statement-breakpoint
CREATE FUNCTION insight_on_design_line() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM insight_refresh(array(
    SELECT DISTINCT n.promotion_id
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.surface_id, n.design_id) IS DISTINCT FROM (o.surface_id, o.design_id)
      AND EXISTS (SELECT 1 FROM print_reports r WHERE r.promotion_id = n.promotion_id)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER insight_design_line AFTER UPDATE ON promotion_surface_designs REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_on_design_line();
--> statement-breakpoint
-- What exists already.
SELECT insight_refresh(array(SELECT DISTINCT promotion_id FROM print_report_amounts UNION SELECT DISTINCT promotion_id FROM distributor_parcels));
--> statement-breakpoint
-- The designs' steps. Whose turn (decision 038): the designer's from a move to Brief,
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
