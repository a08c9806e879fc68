import { sql, type SQL } from 'drizzle-orm';
import type { DeliveryInsights } from '@promo/shared';
import type { Db } from '../../db/client';
import { dueDays } from './milestone-days';
import { oneStatement } from './one-statement';
import { inFigureCategories, inGroup, inRange, stationName, type InsightsScope } from './scope';

/** Promotion ids stay below 2^32 (a serial); the first day's day number sits above them. */
const FOLLOW_UP_ID_SPAN = sql.raw('4294967296');
const followUpKey = (periodFrom: SQL, promotionId: SQL) => sql`(${periodFrom} - date '1970-01-01')::bigint * ${FOLLOW_UP_ID_SPAN} + ${promotionId}`;

/**
 * Per station and promotion sent to the printers in scope (decision 038): the distributor's parcels
 * (holding a design in scope), how many the station confirmed by the delivered milestone, how many
 * it reported a problem with; the surfaces it received and of them those it photographed — read from
 * the read model (decision 039): each parcel with its categories and receipt, each station's
 * surfaces and photos, all found by the promotion's first day.
 */
async function perStation(db: Db, scope: InsightsScope) {
  return sql`
    with promotions_in_scope as (
      select p.id, p.name, p.period_from, p.created_at from promotions p
      where ${inRange(scope, sql`p.period_from`)} and exists (select 1 from print_reports r where r.promotion_id = p.id)
    ),
    ${await dueDays(db)},
    -- The end of the delivered day in Oslo, once per promotion: each parcel compares its timestamp to it.
    delivered as (select promotion_id, ((due_on + 1)::timestamp at time zone 'Europe/Oslo') as due_end from due where milestone = 'delivered'),
    -- One row per parcel and one per station's figures, each with its own verdict (follow_up: a
    -- parcel not confirmed in time, surfaces not all photographed) and summed per station in one
    -- pass. A station and promotion needs following up when any of its rows does, so the latest
    -- such promotion is the greatest (first day, id) among those rows: packed into one bigint, a
    -- plain max() over ~25,000 rows, where grouping by station and promotion first cost a sort.
    rows as (
      select pc.station_id, 1 as parcels, (pc.received_at < dl.due_end)::int as confirmed_in_time,
             pc.problem::int as problems, 0 as surfaces, 0 as photographed,
             case when pc.received_at < dl.due_end then null else ${followUpKey(sql`pc.period_from`, sql`pc.promotion_id`)} end as follow_up
      from insight_parcel_categories pc
      join delivered dl on dl.promotion_id = pc.promotion_id
      where ${inRange(scope, sql`pc.period_from`)}${scope.categories === null ? sql`` : sql` and pc.categories && ${sql.param(scope.categories)}::int[]`}
      union all
      select f.station_id, 0, 0, 0, f.surfaces, f.photographed,
             case when f.photographed < f.surfaces then ${followUpKey(sql`f.period_from`, sql`f.promotion_id`)} end
      from insight_station_figures f
      where ${inRange(scope, sql`f.period_from`)} and ${inFigureCategories(scope, sql`f.category_id`)}
    ),
    station_sums as (
      select station_id,
             sum(parcels)::int as parcels, sum(confirmed_in_time)::int as confirmed_in_time, sum(problems)::int as problems,
             sum(surfaces)::int as surfaces, sum(photographed)::int as photographed,
             (max(follow_up) % ${FOLLOW_UP_ID_SPAN})::int as follow_up_promotion_id
      from rows group by station_id
    ),
    -- Summed by id first, named after: grouping 12,000 station × promotion rows by names cost more than the sums.
    stations as (
      select ss.station_id, ${stationName('u')} as name, u."group",
             ss.parcels, ss.confirmed_in_time, ss.problems, ss.surfaces, ss.photographed, ss.follow_up_promotion_id
      from station_sums ss join users u on u.id = ss.station_id
      where ${inGroup(scope, sql`u."group"`)}
    )`;
}

export async function deliveryInsights(db: Db, scope: InsightsScope): Promise<DeliveryInsights> {
  const cols = sql.raw('station_id, name, "group", parcels, confirmed_in_time, problems, surfaces, photographed, follow_up_promotion_id');
  const lists = await oneStatement<Omit<DeliveryInsights, 'range'>>(db, await perStation(db, scope), {
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
