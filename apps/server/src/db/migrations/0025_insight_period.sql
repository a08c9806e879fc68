-- Decision 039, revised: the read model carries each promotion's first day, so a range of days is
-- one stretch of an index that holds every column the calls read (index-only scans instead of an
-- index descent per promotion and category); a design's cost and a station's value are whole øre
-- (bigint sums), the design's with the percent and price applied; a parcel's row carries its
-- station, promotion and receipt. `value` is dropped by the next
-- migration; until then it may be empty.
ALTER TABLE "insight_design_amounts" ADD COLUMN "cost_ore" bigint;--> statement-breakpoint
ALTER TABLE "insight_design_amounts" ADD COLUMN "period_from" date;--> statement-breakpoint
ALTER TABLE "insight_station_figures" ADD COLUMN "value_ore" bigint;--> statement-breakpoint
ALTER TABLE "insight_parcel_categories" ADD COLUMN "promotion_id" integer;--> statement-breakpoint
ALTER TABLE "insight_parcel_categories" ADD COLUMN "station_id" integer;--> statement-breakpoint
ALTER TABLE "insight_parcel_categories" ADD COLUMN "period_from" date;--> statement-breakpoint
ALTER TABLE "insight_parcel_categories" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "insight_parcel_categories" ADD COLUMN "problem" boolean;--> statement-breakpoint
ALTER TABLE "insight_station_figures" ADD COLUMN "period_from" date;--> statement-breakpoint
UPDATE "insight_design_amounts" a
  SET "period_from" = p.period_from,
      "cost_ore" = (a.amount + (a.amount::bigint * coalesce(r.percent, 0) + 99) / 100) * round(s.price * 100)::bigint
  FROM promotions p
  JOIN surfaces s ON true
  LEFT JOIN print_reports r ON r.promotion_id = p.id
  WHERE p.id = a.promotion_id AND s.id = a.surface_id;--> statement-breakpoint
UPDATE "insight_parcel_categories" pc
  SET "promotion_id" = dp.promotion_id, "station_id" = dp.station_id, "period_from" = p.period_from,
      "received_at" = dp.received_at, "problem" = dp.receipt_status IS NOT DISTINCT FROM 'problem'
  FROM distributor_parcels dp JOIN promotions p ON p.id = dp.promotion_id
  WHERE dp.id = pc.parcel_id;--> statement-breakpoint
UPDATE "insight_station_figures" f SET "period_from" = p.period_from, "value_ore" = round(f.value * 100)::bigint FROM promotions p WHERE p.id = f.promotion_id;--> statement-breakpoint
ALTER TABLE "insight_design_amounts" ALTER COLUMN "cost_ore" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "insight_design_amounts" ALTER COLUMN "period_from" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "insight_station_figures" ALTER COLUMN "value_ore" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "insight_parcel_categories" ALTER COLUMN "promotion_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "insight_parcel_categories" ALTER COLUMN "station_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "insight_parcel_categories" ALTER COLUMN "period_from" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "insight_parcel_categories" ALTER COLUMN "problem" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "insight_station_figures" ALTER COLUMN "period_from" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "insight_station_figures" ALTER COLUMN "value" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "insight_design_amounts_period_idx" ON "insight_design_amounts" USING btree ("all_groups","station_group","period_from","promotion_id","category_id","surface_id","cost_ore");--> statement-breakpoint
CREATE INDEX "insight_parcel_categories_period_idx" ON "insight_parcel_categories" USING btree ("period_from","promotion_id","station_id","received_at","problem","categories");--> statement-breakpoint
CREATE INDEX "insight_station_figures_period_idx" ON "insight_station_figures" USING btree ("category_id","period_from","promotion_id","station_id","value_ore","surfaces","photographed");--> statement-breakpoint
CREATE OR REPLACE FUNCTION insight_refresh(promotion_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(promotion_ids), 0) = 0 THEN
    RETURN;
  END IF;
  DELETE FROM insight_design_amounts WHERE promotion_id = ANY (promotion_ids);
  INSERT INTO insight_design_amounts (promotion_id, psd_id, category_id, surface_id, all_groups, station_group, amount, cost_ore, period_from)
    SELECT g.promotion_id, g.psd_id, g.category_id, g.surface_id, g.all_groups, g.station_group, g.amount,
           (g.amount + (g.amount * g.percent + 99) / 100) * g.price_ore, g.period_from
    FROM (
      SELECT a.promotion_id, a.psd_id, min(d.category_id) AS category_id, min(ps.surface_id) AS surface_id,
             grouping(u."group") = 1 AS all_groups, u."group" AS station_group, sum(a.amount)::bigint AS amount,
             coalesce(min(r.percent), 0) AS percent, min(round(s.price * 100))::bigint AS price_ore, min(p.period_from) AS period_from
      FROM print_report_amounts a
      JOIN promotions p ON p.id = a.promotion_id
      LEFT JOIN print_reports r ON r.promotion_id = a.promotion_id
      JOIN users u ON u.id = a.station_id
      JOIN promotion_surface_designs ps ON ps.id = a.psd_id
      JOIN designs d ON d.id = ps.design_id
      JOIN surfaces s ON s.id = ps.surface_id
      WHERE a.promotion_id = ANY (promotion_ids)
      GROUP BY GROUPING SETS ((a.promotion_id, a.psd_id, u."group"), (a.promotion_id, a.psd_id))
    ) g;
  DELETE FROM insight_station_figures WHERE promotion_id = ANY (promotion_ids);
  INSERT INTO insight_station_figures (promotion_id, station_id, category_id, value_ore, surfaces, photographed, period_from)
    SELECT a.promotion_id, a.station_id, CASE WHEN grouping(d.category_id) = 1 THEN 0 ELSE d.category_id END,
           sum(a.amount * round(s.price * 100)::bigint), count(DISTINCT ps.surface_id),
           count(DISTINCT ps.surface_id) FILTER (WHERE EXISTS (
             SELECT 1 FROM placement_photos ph
             WHERE ph.promotion_id = a.promotion_id AND ph.station_id = a.station_id AND ph.surface_id = ps.surface_id)),
           min(p.period_from)
    FROM print_report_amounts a
    JOIN promotions p ON p.id = a.promotion_id
    JOIN promotion_surface_designs ps ON ps.id = a.psd_id
    JOIN designs d ON d.id = ps.design_id
    JOIN surfaces s ON s.id = ps.surface_id
    WHERE a.promotion_id = ANY (promotion_ids)
    GROUP BY GROUPING SETS ((a.promotion_id, a.station_id, d.category_id), (a.promotion_id, a.station_id));
  DELETE FROM insight_parcel_categories WHERE parcel_id IN (SELECT id FROM distributor_parcels WHERE promotion_id = ANY (promotion_ids));
  INSERT INTO insight_parcel_categories (parcel_id, categories, promotion_id, station_id, period_from, received_at, problem)
    SELECT dp.id, array_agg(DISTINCT d.category_id ORDER BY d.category_id), dp.promotion_id, dp.station_id, p.period_from,
           dp.received_at, dp.receipt_status IS NOT DISTINCT FROM 'problem'
    FROM distributor_parcels dp
    JOIN promotions p ON p.id = dp.promotion_id
    JOIN distributor_parcel_items i ON i.parcel_id = dp.id
    JOIN promotion_surface_designs ps ON ps.id = i.psd_id
    JOIN designs d ON d.id = ps.design_id
    WHERE dp.promotion_id = ANY (promotion_ids)
    GROUP BY dp.id, p.period_from;
END $$;
--> statement-breakpoint
-- A parcel's receipt (or its station or promotion) changed: its row follows.
CREATE FUNCTION insight_on_parcel_receipt() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed integer[] := array(SELECT id FROM new_rows);
BEGIN
  UPDATE insight_parcel_categories pc
    SET received_at = dp.received_at, problem = dp.receipt_status IS NOT DISTINCT FROM 'problem',
        station_id = dp.station_id, promotion_id = dp.promotion_id, period_from = p.period_from
    FROM distributor_parcels dp JOIN promotions p ON p.id = dp.promotion_id
    WHERE pc.parcel_id = ANY (changed) AND dp.id = pc.parcel_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER insight_parcel_receipt AFTER UPDATE ON distributor_parcels REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_on_parcel_receipt();
--> statement-breakpoint
-- The percent of a sent promotion is part of its designs' costs (the app never changes it; a script might).
CREATE TRIGGER insight_print_report_inserted AFTER INSERT ON print_reports REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_on_promotion_rows();
--> statement-breakpoint
CREATE TRIGGER insight_print_report_updated AFTER UPDATE ON print_reports REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_on_promotion_rows();
--> statement-breakpoint
CREATE TRIGGER insight_print_report_deleted AFTER DELETE ON print_reports REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_on_promotion_rows();
--> statement-breakpoint
-- A promotion's period moved: its rows move with it (nothing else in them depends on the period).
CREATE FUNCTION insight_on_promotion_period() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved integer[] := array(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.period_from IS DISTINCT FROM o.period_from);
BEGIN
  IF cardinality(moved) > 0 THEN
    UPDATE insight_design_amounts a SET period_from = p.period_from FROM promotions p
      WHERE p.id = a.promotion_id AND a.promotion_id = ANY (moved);
    UPDATE insight_station_figures f SET period_from = p.period_from FROM promotions p
      WHERE p.id = f.promotion_id AND f.promotion_id = ANY (moved);
    UPDATE insight_parcel_categories pc SET period_from = p.period_from FROM promotions p
      WHERE p.id = pc.promotion_id AND pc.promotion_id = ANY (moved);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER insight_promotion_period AFTER UPDATE ON promotions REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_on_promotion_period();
