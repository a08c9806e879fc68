import { sql } from 'drizzle-orm';
import type { CostInsights } from '@promo/shared';
import type { Db } from '../../db/client';
import { oneStatement } from './one-statement';
import { inCategories, inGroup, inRange, stationName, type InsightsScope } from './scope';

/**
 * The amounts the promotions in scope were sent to the printers with (print_report_amounts: frozen
 * at sending), one row per station and design, with what prices them (decision 038).
 */
const lines = (scope: InsightsScope) => sql`
  lines as (
    select a.promotion_id, a.station_id, a.psd_id, a.amount, ps.surface_id, s.name as surface, s.price,
           d.category_id, c.name as category, r.percent, p.name as promotion, p.period_from,
           u."group" as station_group, ${stationName('u')} as station
    from print_report_amounts a
    join print_reports r on r.promotion_id = a.promotion_id
    join promotions p on p.id = a.promotion_id
    join promotion_surface_designs ps on ps.id = a.psd_id
    join designs d on d.id = ps.design_id
    join categories c on c.id = d.category_id
    join surfaces s on s.id = ps.surface_id
    join users u on u.id = a.station_id
    where ${inRange(scope, sql`p.period_from`)} and ${inCategories(scope, sql`d.category_id`)} and ${inGroup(scope, sql`u."group"`)}
  )`;

/**
 * Each design's print total as the report computes it: (Σ amounts + ⌈Σ × percent / 100⌉) × the
 * surface's price, over the stations in scope.
 */
const designCosts = sql`
  design_costs as (
    select psd_id, promotion_id, min(promotion) as promotion, min(period_from) as period_from, category_id, min(category) as category,
           surface_id, min(surface) as surface,
           (sum(amount) + ceil(sum(amount) * min(percent) / 100.0)) * min(price) as cost
    from lines group by psd_id, promotion_id, category_id, surface_id
  )`;

const money = (expr: string) => sql.raw(`to_char(coalesce(${expr}, 0), 'FM999999999990.00')`);

export async function costInsights(db: Db, scope: InsightsScope): Promise<CostInsights> {
  type Lists = Omit<CostInsights, 'range' | 'total' | 'per_station_mean'> & { totals: { total: string; per_station_mean: string }[] };
  const lists = await oneStatement<Lists>(db, sql`with ${lines(scope)}, ${designCosts}`, {
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
      select station_group as "group", ${money('sum(amount * price)')} as total, count(distinct station_id)::int as stations
      from lines group by 1 order by 1 nulls last`,
    top_stations: sql`
      select station_id, station as name, station_group as "group", ${money('sum(amount * price)')} as total
      from lines group by 1, 2, 3 order by sum(amount * price) desc, station_id limit 10`,
    totals: sql`
      select (select ${money('sum(cost)')} from design_costs) as total,
             (select ${money('round(sum(amount * price) / nullif(count(distinct station_id), 0), 2)')} from lines) as per_station_mean`,
  });
  const { totals, ...rest } = lists;
  return { range: scope.range, ...rest, total: totals[0]!.total, per_station_mean: totals[0]!.per_station_mean };
}
