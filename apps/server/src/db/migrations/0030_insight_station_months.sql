CREATE TABLE "insight_station_figure_months" (
	"station_id" integer NOT NULL,
	"month" date NOT NULL,
	"category_id" integer NOT NULL,
	"value_ore" bigint NOT NULL,
	"surfaces" integer NOT NULL,
	"photographed" integer NOT NULL,
	"follow_up" bigint,
	CONSTRAINT "insight_station_figure_months_station_id_month_category_id_pk" PRIMARY KEY("station_id","month","category_id")
);
--> statement-breakpoint
CREATE TABLE "insight_station_parcel_months" (
	"station_id" integer NOT NULL,
	"month" date NOT NULL,
	"categories" integer[] NOT NULL,
	"parcels" integer NOT NULL,
	"confirmed_in_time" integer NOT NULL,
	"problems" integer NOT NULL,
	"follow_up" bigint,
	CONSTRAINT "insight_station_parcel_months_station_id_month_categories_pk" PRIMARY KEY("station_id","month","categories")
);
--> statement-breakpoint
ALTER TABLE "insight_parcel_categories" ADD COLUMN "in_time" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "insight_station_figure_months" ADD CONSTRAINT "insight_station_figure_months_station_id_users_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_station_parcel_months" ADD CONSTRAINT "insight_station_parcel_months_station_id_users_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insight_station_figure_months_month_idx" ON "insight_station_figure_months" USING btree ("category_id","month","station_id","value_ore","surfaces","photographed","follow_up");--> statement-breakpoint
CREATE INDEX "insight_station_parcel_months_month_idx" ON "insight_station_parcel_months" USING btree ("month","station_id","parcels","confirmed_in_time","problems","follow_up","categories");--> statement-breakpoint
CREATE INDEX "insight_parcel_categories_station_idx" ON "insight_parcel_categories" USING btree ("station_id","period_from");--> statement-breakpoint
CREATE INDEX "insight_station_figures_station_idx" ON "insight_station_figures" USING btree ("station_id","period_from");--> statement-breakpoint
-- Decision 039, revised: the delivery figures and the stations' costs read a station's months, not its parcels and figures. A parcel's
-- verdict (confirmed before the end of its promotion's delivered day in Oslo) is kept on its row, and
-- a station's parcels and surfaces of one month are summed in the two month tables; the figures read
-- whole months there and the days at a range's ends from the rows.
-- The end of a promotion's delivered day: its moved day, else its first day less system settings'
-- days (7, DEFAULT_MILESTONE_DAYS.delivered, when the settings have none), as dueDays computes it.
CREATE FUNCTION insight_delivered_end(promotion integer) RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT ((coalesce(pm.due_on, p.period_from - coalesce((SELECT (s.milestone_days->>'delivered')::int FROM system_settings s ORDER BY s.id LIMIT 1), 7)) + 1)::timestamp
          AT TIME ZONE 'Europe/Oslo')
  FROM promotions p
  LEFT JOIN promotion_milestones pm ON pm.promotion_id = p.id AND pm.milestone = 'delivered'
  WHERE p.id = promotion
$$;
--> statement-breakpoint
CREATE FUNCTION insight_parcel_in_time() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.in_time := coalesce(NEW.received_at < insight_delivered_end(NEW.promotion_id), false);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER insight_parcel_in_time BEFORE INSERT OR UPDATE OF received_at, promotion_id, period_from ON insight_parcel_categories FOR EACH ROW EXECUTE FUNCTION insight_parcel_in_time();
--> statement-breakpoint
-- The delivered day moved (a promotion's own day, or the settings' days): the verdicts of its parcels again.
CREATE FUNCTION insight_recheck_in_time(promotion_ids integer[]) RETURNS void LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  IF coalesce(cardinality(promotion_ids), 0) = 0 THEN
    RETURN;
  END IF;
  WITH due AS (SELECT p.id, insight_delivered_end(p.id) AS due_end FROM promotions p WHERE p.id = ANY (promotion_ids))
  UPDATE insight_parcel_categories pc SET in_time = coalesce(pc.received_at < due.due_end, false)
  FROM due
  WHERE pc.promotion_id = due.id AND pc.in_time IS DISTINCT FROM coalesce(pc.received_at < due.due_end, false);
END $$;
--> statement-breakpoint
CREATE FUNCTION insight_on_delivered_day() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM insight_recheck_in_time(array(SELECT DISTINCT promotion_id FROM old_rows WHERE milestone = 'delivered'));
  ELSE
    PERFORM insight_recheck_in_time(array(SELECT DISTINCT promotion_id FROM new_rows WHERE milestone = 'delivered'));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER insight_delivered_day_inserted AFTER INSERT ON promotion_milestones REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_on_delivered_day();
--> statement-breakpoint
CREATE TRIGGER insight_delivered_day_updated AFTER UPDATE ON promotion_milestones REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_on_delivered_day();
--> statement-breakpoint
CREATE TRIGGER insight_delivered_day_deleted AFTER DELETE ON promotion_milestones REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_on_delivered_day();
--> statement-breakpoint
CREATE FUNCTION insight_on_milestone_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
             WHERE (n.milestone_days->'delivered') IS DISTINCT FROM (o.milestone_days->'delivered')) THEN
    PERFORM insight_recheck_in_time(array(SELECT DISTINCT promotion_id FROM insight_parcel_categories));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER insight_milestone_days AFTER UPDATE ON system_settings REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_on_milestone_days();
--> statement-breakpoint
-- The verdicts of what exists, before the month tables' triggers exist (they are filled at the end).
SELECT insight_recheck_in_time(array(SELECT DISTINCT promotion_id FROM insight_parcel_categories));
--> statement-breakpoint
-- A station's months, rebuilt from the rows (given as pairs: station_ids[i] in months[i]). Lock spaces 4 and 5 (see 0029).
-- Nested loops only, without JIT: the planner cannot tell how few rows a station's month holds (a range
-- with bounds from the pairs); it hashed all 600,000 station figures of the benchmark chain for a
-- promotion's 300 pairs (117 ms, and 20 ms to delete) where the station index answers in 12 and 6 ms,
-- and compiled the statements (7 ms of JIT for a 15 ms statement).
CREATE FUNCTION insight_refresh_parcel_months(station_ids integer[], months date[]) RETURNS void LANGUAGE plpgsql
  SET jit = off SET enable_hashjoin = off SET enable_mergejoin = off AS $$
BEGIN
  IF coalesce(cardinality(station_ids), 0) = 0 THEN
    RETURN;
  END IF;
  PERFORM insight_lock_keys(4, array(SELECT DISTINCT x FROM unnest(station_ids) x));
  DELETE FROM insight_station_parcel_months m USING unnest(station_ids, months) k(station_id, month)
    WHERE m.station_id = k.station_id AND m.month = k.month;
  INSERT INTO insight_station_parcel_months (station_id, month, categories, parcels, confirmed_in_time, problems, follow_up)
    SELECT pc.station_id, k.month, pc.categories, count(*), count(*) FILTER (WHERE pc.in_time), count(*) FILTER (WHERE pc.problem),
           max((pc.period_from - date '1970-01-01')::bigint * 4294967296 + pc.promotion_id) FILTER (WHERE NOT pc.in_time)
    FROM (SELECT DISTINCT u.station_id, u.month FROM unnest(station_ids, months) u(station_id, month)) k
    JOIN insight_parcel_categories pc ON pc.station_id = k.station_id AND pc.period_from >= k.month AND pc.period_from < (k.month + interval '1 month')::date
    GROUP BY pc.station_id, k.month, pc.categories;
END $$;
--> statement-breakpoint
CREATE FUNCTION insight_refresh_figure_months(station_ids integer[], months date[]) RETURNS void LANGUAGE plpgsql
  SET jit = off SET enable_hashjoin = off SET enable_mergejoin = off AS $$
BEGIN
  IF coalesce(cardinality(station_ids), 0) = 0 THEN
    RETURN;
  END IF;
  PERFORM insight_lock_keys(5, array(SELECT DISTINCT x FROM unnest(station_ids) x));
  DELETE FROM insight_station_figure_months m USING unnest(station_ids, months) k(station_id, month)
    WHERE m.station_id = k.station_id AND m.month = k.month;
  INSERT INTO insight_station_figure_months (station_id, month, category_id, value_ore, surfaces, photographed, follow_up)
    SELECT f.station_id, k.month, f.category_id, sum(f.value_ore), sum(f.surfaces), sum(f.photographed),
           max((f.period_from - date '1970-01-01')::bigint * 4294967296 + f.promotion_id) FILTER (WHERE f.photographed < f.surfaces)
    FROM (SELECT DISTINCT u.station_id, u.month FROM unnest(station_ids, months) u(station_id, month)) k
    JOIN insight_station_figures f ON f.station_id = k.station_id AND f.period_from >= k.month AND f.period_from < (k.month + interval '1 month')::date
    GROUP BY f.station_id, k.month, f.category_id;
END $$;
--> statement-breakpoint
-- The rows a statement wrote or removed: their stations' months (before and after a change), rebuilt
-- by the refresh function the trigger names (every column of both row tables is in their months).
CREATE FUNCTION insight_months_on_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  st integer[];
  mo date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(station_id), array_agg(month) INTO st, mo
      FROM (SELECT DISTINCT station_id, date_trunc('month', period_from)::date AS month FROM new_rows) k;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(station_id), array_agg(month) INTO st, mo
      FROM (SELECT DISTINCT station_id, date_trunc('month', period_from)::date AS month FROM old_rows) k;
  ELSE
    SELECT array_agg(station_id), array_agg(month) INTO st, mo
      FROM (SELECT station_id, date_trunc('month', period_from)::date AS month FROM new_rows
            UNION SELECT station_id, date_trunc('month', period_from)::date FROM old_rows) k;
  END IF;
  EXECUTE format('SELECT %I($1, $2)', TG_ARGV[0]) USING st, mo;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER insight_parcel_months_inserted AFTER INSERT ON insight_parcel_categories REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_months_on_rows('insight_refresh_parcel_months');
--> statement-breakpoint
CREATE TRIGGER insight_parcel_months_updated AFTER UPDATE ON insight_parcel_categories REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_months_on_rows('insight_refresh_parcel_months');
--> statement-breakpoint
CREATE TRIGGER insight_parcel_months_deleted AFTER DELETE ON insight_parcel_categories REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_months_on_rows('insight_refresh_parcel_months');
--> statement-breakpoint
CREATE TRIGGER insight_figure_months_inserted AFTER INSERT ON insight_station_figures REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_months_on_rows('insight_refresh_figure_months');
--> statement-breakpoint
CREATE TRIGGER insight_figure_months_updated AFTER UPDATE ON insight_station_figures REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_months_on_rows('insight_refresh_figure_months');
--> statement-breakpoint
CREATE TRIGGER insight_figure_months_deleted AFTER DELETE ON insight_station_figures REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_months_on_rows('insight_refresh_figure_months');
--> statement-breakpoint
-- What exists already, summed by month below.
INSERT INTO insight_station_parcel_months (station_id, month, categories, parcels, confirmed_in_time, problems, follow_up)
  SELECT station_id, date_trunc('month', period_from)::date, categories, count(*), count(*) FILTER (WHERE in_time), count(*) FILTER (WHERE problem),
         max((period_from - date '1970-01-01')::bigint * 4294967296 + promotion_id) FILTER (WHERE NOT in_time)
  FROM insight_parcel_categories GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO insight_station_figure_months (station_id, month, category_id, value_ore, surfaces, photographed, follow_up)
  SELECT station_id, date_trunc('month', period_from)::date, category_id, sum(value_ore), sum(surfaces), sum(photographed),
         max((period_from - date '1970-01-01')::bigint * 4294967296 + promotion_id) FILTER (WHERE photographed < surfaces)
  FROM insight_station_figures GROUP BY 1, 2, 3;
