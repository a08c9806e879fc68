import { sql } from 'drizzle-orm';
import type { CostInsights } from '@promo/shared';
import type { Db } from '../../db/client';
import { oneStatement } from './one-statement';
import { inCategories, inFigureCategories, inGroup, inRange, stationName, type InsightsScope } from './scope';

/*
 * `promotion_id = any(array(select id from sent))` beside the join lets the planner walk the read
 * model's index for the ~170 promotions of a year instead of scanning the table (decision 039).
 */

/**
 * The promotions in scope sent to the printers, and each design's print total as the report computes
 * it: (Σ amounts + ⌈Σ × percent / 100⌉) × the surface's price, over the stations in scope — from the
 * read model's sum per design over every station or one group (decision 039), not the amounts.
 */
const designCosts = (scope: InsightsScope) => sql`
  sent as (
    select p.id, p.name, p.period_from, r.percent from promotions p join print_reports r on r.promotion_id = p.id
    where ${inRange(scope, sql`p.period_from`)}
  ),
  design_costs as (
    select a.psd_id, a.promotion_id, p.name as promotion, p.period_from, a.category_id, c.name as category, a.surface_id, s.name as surface,
           (a.amount + ceil(a.amount * p.percent / 100.0)) * s.price as cost
    from insight_design_amounts a
    join sent p on p.id = a.promotion_id and a.promotion_id = any(array(select id from sent))
    join categories c on c.id = a.category_id
    join surfaces s on s.id = a.surface_id
    where ${scope.group === null ? sql`a.all_groups` : sql`not a.all_groups and a.station_group = ${scope.group}`}
      and ${inCategories(scope, sql`a.category_id`)}
  )`;

/** Each station's own amounts × price in scope (the percent extra is no station's). */
const stationCosts = (scope: InsightsScope) => sql`
  station_costs as (
    select f.station_id, ${stationName('u')} as station, u."group" as station_group, sum(f.value) as value
    from insight_station_figures f
    join sent p on p.id = f.promotion_id and f.promotion_id = any(array(select id from sent))
    join users u on u.id = f.station_id
    where ${inFigureCategories(scope, sql`f.category_id`)} and ${inGroup(scope, sql`u."group"`)}
    group by f.station_id, u.company_name, u.name, u.surname, u."group"
  )`;

const money = (expr: string) => sql.raw(`to_char(coalesce(${expr}, 0), 'FM999999999990.00')`);

export async function costInsights(db: Db, scope: InsightsScope): Promise<CostInsights> {
  type Lists = Omit<CostInsights, 'range' | 'total' | 'per_station_mean'> & { totals: { total: string; per_station_mean: string }[] };
  const lists = await oneStatement<Lists>(db, sql`with ${designCosts(scope)}, ${stationCosts(scope)}`, {
    by_month: sql`
      select to_char(period_from, 'YYYY-MM') as month, category_id, category, ${money('sum(cost)')} as total
      from design_costs group by 1, 2, 3 order by 1, 3`,
    by_promotion: sql`
      select promotion_id, promotion as name, to_char(period_from, 'YYYY-MM-DD') as period_from, ${money('sum(cost)')} as total
      from design_costs group by promotion_id, promotion, period_from order by period_from, promotion_id`,
    by_category: sql`
      select category_id, category, ${money('sum(cost)')} as total from design_costs group by 1, 2 order by sum(cost) desc, category`,
    top_surfaces: sql`
      select surface_id, surface as name, ${money('sum(cost)')} as total from design_costs group by 1, 2 order by sum(cost) desc, surface_id limit 10`,
    by_group: sql`
      select station_group as "group", ${money('sum(value)')} as total, count(*)::int as stations
      from station_costs group by 1 order by 1 nulls last`,
    top_stations: sql`
      select station_id, station as name, station_group as "group", ${money('value')} as total
      from station_costs order by value desc, station_id limit 10`,
    totals: sql`
      select (select ${money('sum(cost)')} from design_costs) as total,
             (select ${money('round(sum(value) / nullif(count(*), 0), 2)')} from station_costs) as per_station_mean`,
  });
  const { totals, ...rest } = lists;
  return { range: scope.range, ...rest, total: totals[0]!.total, per_station_mean: totals[0]!.per_station_mean };
}
