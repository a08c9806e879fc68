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
    delivered as (select promotion_id, due_on from due where milestone = 'delivered'),
    parcels as (
      select dp.promotion_id, dp.station_id,
             count(*)::int as parcels,
             count(*) filter (where (dp.received_at at time zone 'Europe/Oslo')::date <= dl.due_on)::int as confirmed_in_time,
             count(*) filter (where dp.receipt_status = 'problem')::int as problems
      from distributor_parcels dp
      join delivered dl on dl.promotion_id = dp.promotion_id
      join insight_parcel_categories pc on pc.parcel_id = dp.id
      where ${scope.categories === null ? sql`true` : sql`pc.categories && ${sql.param(scope.categories)}::int[]`}
      group by 1, 2
    ),
    received as (
      select f.promotion_id, f.station_id, sum(f.surfaces)::int as surfaces, sum(f.photographed)::int as photographed
      from insight_station_figures f
      join promotions_in_scope pr on pr.id = f.promotion_id and f.promotion_id = any(array(select id from promotions_in_scope))
      where ${inFigureCategories(scope, sql`f.category_id`)}
      group by 1, 2
    ),
    station_promotion as (
      select coalesce(pa.promotion_id, rc.promotion_id) as promotion_id, coalesce(pa.station_id, rc.station_id) as station_id,
             coalesce(pa.parcels, 0) as parcels, coalesce(pa.confirmed_in_time, 0) as confirmed_in_time, coalesce(pa.problems, 0) as problems,
             coalesce(rc.surfaces, 0) as surfaces, coalesce(rc.photographed, 0) as photographed
      from parcels pa full join received rc on rc.promotion_id = pa.promotion_id and rc.station_id = pa.station_id
    ),
    stations as (
      select sp.station_id, ${stationName('u')} as name, u."group",
             sum(sp.parcels)::int as parcels, sum(sp.confirmed_in_time)::int as confirmed_in_time, sum(sp.problems)::int as problems,
             sum(sp.surfaces)::int as surfaces, sum(sp.photographed)::int as photographed,
             (array_agg(sp.promotion_id order by pr.period_from desc, sp.promotion_id desc)
               filter (where sp.confirmed_in_time < sp.parcels or sp.photographed < sp.surfaces))[1] as follow_up_promotion_id
      from station_promotion sp
      join users u on u.id = sp.station_id
      join promotions_in_scope pr on pr.id = sp.promotion_id
      where ${inGroup(scope, sql`u."group"`)}
      group by sp.station_id, u.company_name, u.name, u.surname, u."group"
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
