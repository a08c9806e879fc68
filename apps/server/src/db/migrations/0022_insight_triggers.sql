-- The insights' read model (decision 039) is kept by these triggers, in the transaction of the change.
-- insight_refresh(ids) recomputes the three tables for the given promotions from their frozen
-- amounts, photos and parcels; every trigger names the promotions its rows touch.
CREATE FUNCTION insight_refresh(promotion_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(promotion_ids), 0) = 0 THEN
    RETURN;
  END IF;
  DELETE FROM insight_design_amounts WHERE promotion_id = ANY (promotion_ids);
  INSERT INTO insight_design_amounts (promotion_id, psd_id, station_group, amount, stations)
    SELECT a.promotion_id, a.psd_id, u."group", sum(a.amount), count(*)
    FROM print_report_amounts a JOIN users u ON u.id = a.station_id
    WHERE a.promotion_id = ANY (promotion_ids)
    GROUP BY a.promotion_id, a.psd_id, u."group";
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
