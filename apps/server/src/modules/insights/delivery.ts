import { sql } from 'drizzle-orm';
import type { DeliveryInsights } from '@promo/shared';
import type { Db } from '../../db/client';
import { dueDays } from './milestone-days';
import { oneStatement } from './one-statement';
import { inFigureCategories, inGroup, inRange, stationName, type InsightsScope } from './scope';

/**
 * Per station and promotion sent to the printers in scope (decision 038): the distributor's parcels
 * (holding a design in scope), how many the station confirmed by the delivered milestone, how many
 * it reported a problem with; the surfaces it received and of them those it photographed — read from
 * the read model (decision 039): each parcel's categories, each station's surfaces and photos.
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
    -- One row per parcel and one per station's figures, summed per station and promotion in one pass.
    rows as (
      select dp.promotion_id, dp.station_id, 1 as parcels, (dp.received_at < dl.due_end)::int as confirmed_in_time,
             (dp.receipt_status = 'problem')::int as problems, 0 as surfaces, 0 as photographed
      from distributor_parcels dp
      join delivered dl on dl.promotion_id = dp.promotion_id
      where exists (
        select 1 from insight_parcel_categories pc
        where pc.parcel_id = dp.id${scope.categories === null ? sql`` : sql` and pc.categories && ${sql.param(scope.categories)}::int[]`}
      )
      union all
      select f.promotion_id, f.station_id, 0, 0, 0, f.surfaces, f.photographed
      from insight_station_figures f
      where f.promotion_id = any(array(select id from promotions_in_scope)) and ${inFigureCategories(scope, sql`f.category_id`)}
    ),
    station_promotion as (
      select promotion_id, station_id, sum(parcels) as parcels, sum(confirmed_in_time) as confirmed_in_time, sum(problems) as problems,
             sum(surfaces) as surfaces, sum(photographed) as photographed
      from rows group by 1, 2
    ),
    station_sums as (
      select sp.station_id,
             sum(sp.parcels)::int as parcels, sum(sp.confirmed_in_time)::int as confirmed_in_time, sum(sp.problems)::int as problems,
             sum(sp.surfaces)::int as surfaces, sum(sp.photographed)::int as photographed,
             (array_agg(sp.promotion_id order by pr.period_from desc, sp.promotion_id desc)
               filter (where sp.confirmed_in_time < sp.parcels or sp.photographed < sp.surfaces))[1] as follow_up_promotion_id
      from station_promotion sp
      join promotions_in_scope pr on pr.id = sp.promotion_id
      group by sp.station_id
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
