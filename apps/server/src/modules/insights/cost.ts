import { sql } from 'drizzle-orm';
import type { CostInsights } from '@promo/shared';
import type { Db } from '../../db/client';
import { monthsAndDays } from './month-span';
import { oneStatement } from './one-statement';
import { inCategories, inFigureCategories, inGroup, inRange, stationName, type InsightsScope } from './scope';

/*
 * The read model's rows carry their promotion's first day, so the range is one stretch of an index
 * holding every column read here (decision 039): no lookup per promotion, no table access.
 */

/**
 * The promotions in scope sent to the printers, and each design's print total as the report computes
 * it: (Σ amounts + ⌈Σ × percent / 100⌉) × the surface's price in øre, over the stations in scope —
 * kept by the read model per design over every station or one group (decision 039), not the amounts.
 * Lists group by ids and take names after (grouping ~7,000 designs by text cost more than the sums).
 */
const designCosts = (scope: InsightsScope) => sql`
  sent as (
    select p.id, p.name, p.period_from from promotions p join print_reports r on r.promotion_id = p.id
    where ${inRange(scope, sql`p.period_from`)}
  ),
  design_costs as (
    select a.promotion_id, a.period_from, a.category_id, a.surface_id, a.cost_ore as cost
    from insight_design_amounts a
    where ${scope.group === null ? sql`a.all_groups and a.station_group is null` : sql`not a.all_groups and a.station_group = ${scope.group}`}
      and ${inRange(scope, sql`a.period_from`)} and ${inCategories(scope, sql`a.category_id`)}
  )`;

/**
 * Each station's own amounts × price in scope, in øre (the percent extra is no station's), summed
 * before its name is read: whole months from a station's month sums, the days at the ends from its
 * figures per promotion (decision 039).
 */
const stationCosts = (scope: InsightsScope) => sql`
  station_sums as (
    select station_id, sum(value) as value
    from (${sql.join(
      monthsAndDays(
        scope.range,
        (first, after) => sql`
          select fm.station_id, fm.value_ore as value from insight_station_figure_months fm
          where fm.month >= ${first}::date and fm.month < ${after}::date and ${inFigureCategories(scope, sql`fm.category_id`)}`,
        (from, to) => sql`
          select f.station_id, f.value_ore as value from insight_station_figures f
          where f.period_from between ${from}::date and ${to}::date and ${inFigureCategories(scope, sql`f.category_id`)}`,
      ),
      sql` union all `,
    )}) x
    group by station_id
  ),
  station_costs as (
    select ss.station_id, ${stationName('u')} as station, u."group" as station_group, ss.value
    from station_sums ss join users u on u.id = ss.station_id
    where ${inGroup(scope, sql`u."group"`)}
  )`;

/**
 * Every sum of the design costs in one pass (grouping sets), each row labelled with its list: the
 * design costs are read once instead of once per list.
 */
const designSums = sql`
  design_sums as (
    select case when grouping(period_from) = 0 then 'day' when grouping(promotion_id) = 0 then 'promotion'
                when grouping(surface_id) = 0 then 'surface' when grouping(category_id) = 0 then 'category' else 'all' end as kind,
           period_from, category_id, promotion_id, surface_id, sum(cost) as total
    from design_costs
    group by grouping sets ((period_from, category_id), (promotion_id), (category_id), (surface_id), ())
  )`;

const money = (expr: string) => sql.raw(`to_char(coalesce(${expr}, 0), 'FM999999999990.00')`);
/** A sum of øre as kroner with two decimals. */
const kroner = (expr: string) => money(`(${expr}) / 100.0`);

export async function costInsights(db: Db, scope: InsightsScope): Promise<CostInsights> {
  type Lists = Omit<CostInsights, 'range' | 'total' | 'per_station_mean'> & { totals: { total: string; per_station_mean: string }[] };
  const lists = await oneStatement<Lists>(db, sql`with ${designCosts(scope)}, ${designSums}, ${stationCosts(scope)}`, {
    by_month: sql`
      select to_char(m.month, 'YYYY-MM') as month, m.category_id, c.name as category, ${kroner('m.total')} as total
      from (select date_trunc('month', period_from) as month, category_id, sum(total) as total from design_sums where kind = 'day' group by 1, 2) m
      join categories c on c.id = m.category_id
      order by m.month, c.name`,
    by_promotion: sql`
      select p.id as promotion_id, p.name, to_char(p.period_from, 'YYYY-MM-DD') as period_from, ${kroner('t.total')} as total
      from design_sums t join sent p on p.id = t.promotion_id
      where t.kind = 'promotion'
      order by p.period_from, p.id`,
    by_category: sql`
      select t.category_id, c.name as category, ${kroner('t.total')} as total
      from design_sums t join categories c on c.id = t.category_id
      where t.kind = 'category'
      order by t.total desc, c.name`,
    top_surfaces: sql`
      select t.surface_id, s.name, ${kroner('t.total')} as total
      from (select surface_id, total from design_sums where kind = 'surface' order by total desc, surface_id limit 10) t
      join surfaces s on s.id = t.surface_id
      order by t.total desc, t.surface_id`,
    by_group: sql`
      select station_group as "group", ${kroner('sum(value)')} as total, count(*)::int as stations
      from station_costs group by 1 order by 1 nulls last`,
    top_stations: sql`
      select station_id, station as name, station_group as "group", ${kroner('value')} as total
      from station_costs order by value desc, station_id limit 10`,
    totals: sql`
      select (select ${kroner('total')} from design_sums where kind = 'all') as total,
             (select ${money('round(sum(value) / 100.0 / nullif(count(*), 0), 2)')} from station_costs) as per_station_mean`,
  });
  const { totals, ...rest } = lists;
  return { range: scope.range, ...rest, total: totals[0]!.total, per_station_mean: totals[0]!.per_station_mean };
}
