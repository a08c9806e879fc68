import { sql, type SQL } from 'drizzle-orm';
import type { DeliveryInsights } from '@promo/shared';
import type { Db } from '../../db/client';
import { monthsAndDays } from './month-span';
import { oneStatement } from './one-statement';
import { inFigureCategories, inGroup, stationName, type InsightsScope } from './scope';

/** Promotion ids stay below 2^32 (a serial); the first day's day number sits above them (as the month tables' follow_up). */
const FOLLOW_UP_ID_SPAN = sql.raw('4294967296');
const followUpKey = (periodFrom: SQL, promotionId: SQL) => sql`(${periodFrom} - date '1970-01-01')::bigint * ${FOLLOW_UP_ID_SPAN} + ${promotionId}`;

/** Parcels and station figures of the days from `from` to `to`, read row by row (the days at a range's ends). */
function dayRows(scope: InsightsScope, from: string, to: string): SQL {
  const days = (column: SQL) => sql`${column} between ${from}::date and ${to}::date`;
  return sql`
      select pc.station_id, 1 as parcels, pc.in_time::int as confirmed_in_time, pc.problem::int as problems, 0 as surfaces, 0 as photographed,
             case when pc.in_time then null else ${followUpKey(sql`pc.period_from`, sql`pc.promotion_id`)} end as follow_up
      from insight_parcel_categories pc
      where ${days(sql`pc.period_from`)}${inParcelCategories(scope, sql`pc.categories`)}
      union all
      select f.station_id, 0, 0, 0, f.surfaces, f.photographed,
             case when f.photographed < f.surfaces then ${followUpKey(sql`f.period_from`, sql`f.promotion_id`)} end
      from insight_station_figures f
      where ${days(sql`f.period_from`)} and ${inFigureCategories(scope, sql`f.category_id`)}`;
}

/** The month tables' rows of the whole months from `first` up to `after`. */
function monthRows(scope: InsightsScope, first: string, after: string): SQL {
  const months = (column: SQL) => sql`${column} >= ${first}::date and ${column} < ${after}::date`;
  return sql`
      select pm.station_id, pm.parcels, pm.confirmed_in_time, pm.problems, 0, 0, pm.follow_up
      from insight_station_parcel_months pm
      where ${months(sql`pm.month`)}${inParcelCategories(scope, sql`pm.categories`)}
      union all
      select fm.station_id, 0, 0, 0, fm.surfaces, fm.photographed, fm.follow_up
      from insight_station_figure_months fm
      where ${months(sql`fm.month`)} and ${inFigureCategories(scope, sql`fm.category_id`)}`;
}

/** A parcel counts for a cm when it holds a design of one of its categories. */
const inParcelCategories = (scope: InsightsScope, column: SQL) => (scope.categories === null ? sql`` : sql` and ${column} && ${sql.param(scope.categories)}::int[]`);

/**
 * Per station sent promotions' figures in scope (decision 038): the distributor's parcels (holding a
 * design in scope), how many the station confirmed by the delivered milestone, how many it reported
 * a problem with; the surfaces it received and of them those it photographed — read from the read
 * model (decision 039): whole months from a station's month sums, the days at the range's ends from
 * the parcels and station figures, each row with its verdict. A station needs following up for
 * the latest promotion (first day, id) of a row not confirmed in time or not all photographed:
 * packed into one bigint, a plain max().
 */
function perStation(scope: InsightsScope) {
  const parts = monthsAndDays(
    scope.range,
    (first, after) => monthRows(scope, first, after),
    (from, to) => dayRows(scope, from, to),
  );
  return sql`
    with rows(station_id, parcels, confirmed_in_time, problems, surfaces, photographed, follow_up) as (${sql.join(parts, sql` union all `)}),
    station_sums as (
      select station_id,
             sum(parcels)::int as parcels, sum(confirmed_in_time)::int as confirmed_in_time, sum(problems)::int as problems,
             sum(surfaces)::int as surfaces, sum(photographed)::int as photographed,
             (max(follow_up) % ${FOLLOW_UP_ID_SPAN})::int as follow_up_promotion_id
      from rows group by station_id
    ),
    -- Summed by id first, named after.
    stations as (
      select ss.station_id, ${stationName('u')} as name, u."group",
             ss.parcels, ss.confirmed_in_time, ss.problems, ss.surfaces, ss.photographed, ss.follow_up_promotion_id
      from station_sums ss join users u on u.id = ss.station_id
      where ${inGroup(scope, sql`u."group"`)}
    )`;
}

export async function deliveryInsights(db: Db, scope: InsightsScope): Promise<DeliveryInsights> {
  const cols = sql.raw('station_id, name, "group", parcels, confirmed_in_time, problems, surfaces, photographed, follow_up_promotion_id');
  const lists = await oneStatement<Omit<DeliveryInsights, 'range'>>(db, perStation(scope), {
    by_group: sql`
      select "group", count(*)::int as stations, sum(parcels)::int as parcels, sum(confirmed_in_time)::int as confirmed_in_time,
             sum(problems)::int as problems, sum(surfaces)::int as surfaces, sum(photographed)::int as photographed
      from stations group by "group" order by "group" nulls last`,
    late_stations: sql`
      select ${cols} from stations where confirmed_in_time < parcels
      order by parcels - confirmed_in_time desc, confirmed_in_time::float / parcels, station_id limit 20`,
    without_photos: sql`
      select ${cols} from stations where photographed < surfaces
      order by surfaces - photographed desc, photographed::float / surfaces, station_id limit 20`,
  });
  return { range: scope.range, ...lists };
}
