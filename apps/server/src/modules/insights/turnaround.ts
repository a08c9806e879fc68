import { sql } from 'drizzle-orm';
import type { TurnaroundFigures, TurnaroundInsights } from '@promo/shared';
import type { Db } from '../../db/client';
import { oneStatement } from './one-statement';
import { inCategories, inRange, type InsightsScope } from './scope';

/**
 * Each design line in scope with the moments of its steps, its rounds of Correction and the days it
 * waited on the designer and on the managers (decision 038's whose-turn rule): one stretch of the
 * read model's period index (insight_design_steps, decision 039), which holds a row per line with
 * its category and designer.
 */
// date_part, not extract: extract's numeric result made the spans half of the call's time.
const steps = (scope: InsightsScope) => sql`
  with spans as (
    select st.designer_id, st.category_id, st.corrections, st.on_designer, st.on_manager,
           case when st.sketch >= st.brief then date_part('epoch', st.sketch - st.brief) / 86400 end as brief_to_sketch,
           case when st.approved >= st.sketch then date_part('epoch', st.approved - st.sketch) / 86400 end as sketch_to_approved,
           case when st.completed >= st.approved then date_part('epoch', st.completed - st.approved) / 86400 end as approved_to_completed,
           case when st.completed >= st.brief then date_part('epoch', st.completed - st.brief) / 86400 end as brief_to_completed
    from insight_design_steps st
    where ${inRange(scope, sql`st.period_from`)} and ${inCategories(scope, sql`st.category_id`)}
  )`;

/** Median and 90th percentile of a span, in days with one decimal (one sort for both). */
const pct = (column: string) => sql.raw(`percentile_cont(array[0.5, 0.9]) within group (order by ${column}) as ${column}_pct`);

const figures = sql`count(*)::int as designs, ${pct('brief_to_sketch')}, ${pct('sketch_to_approved')}, ${pct('approved_to_completed')}, ${pct('brief_to_completed')},
  round(avg(corrections), 2)::float as correction_rounds, round(sum(on_designer)::numeric, 1)::float as waiting_on_designer, round(sum(on_manager)::numeric, 1)::float as waiting_on_manager`;

type Row = Record<string, unknown>;
/**
 * Days with one decimal, rounded half away from zero as SQL's round() of the value as numeric
 * (15 significant digits) did: 1.45 is 1.5, not the 1.4 of 14.499999999999998.
 */
const oneDecimal = (days: number | null) => {
  if (days === null) return null;
  const tenths = Number((Number(Math.abs(days).toPrecision(15)) * 10).toPrecision(15));
  return (Math.sign(days) * Math.round(tenths)) / 10;
};
const SPANS = ['brief_to_sketch', 'sketch_to_approved', 'approved_to_completed', 'brief_to_completed'] as const;

function toFigures(r: Row): TurnaroundFigures {
  const span = (k: string) => {
    const [median, p90] = (r[`${k}_pct`] as [number | null, number | null] | null) ?? [null, null];
    return { median: oneDecimal(median), p90: oneDecimal(p90) };
  };
  return {
    designs: r.designs as number,
    ...(Object.fromEntries(SPANS.map((k) => [k, span(k)])) as Pick<TurnaroundFigures, (typeof SPANS)[number]>),
    correction_rounds: (r.correction_rounds as number | null) ?? 0,
    waiting_on_designer: (r.waiting_on_designer as number | null) ?? 0,
    waiting_on_manager: (r.waiting_on_manager as number | null) ?? 0,
  };
}

export async function turnaroundInsights(db: Db, scope: InsightsScope): Promise<TurnaroundInsights> {
  const lists = await oneStatement<{ by_category: Row[]; by_designer: Row[] }>(db, steps(scope), {
    // Grouped by id, named after: the names are read for the few groups, not sorted for every line.
    by_category: sql`
      select f.*, c.name as category from (select category_id, ${figures} from spans group by 1) f
      join categories c on c.id = f.category_id order by c.name, f.category_id`,
    by_designer: sql`
      select f.*, nullif(trim(coalesce(u.name, '') || ' ' || coalesce(u.surname, '')), '') as designer
      from (select designer_id, ${figures} from spans group by 1) f
      left join users u on u.id = f.designer_id order by designer nulls last, f.designer_id`,
  });
  return {
    range: scope.range,
    by_category: lists.by_category.map((r) => ({ category_id: r.category_id as number, category: r.category as string, ...toFigures(r) })),
    by_designer: lists.by_designer.map((r) => ({ designer_id: (r.designer_id as number | null) ?? null, designer: (r.designer as string | null) ?? null, ...toFigures(r) })),
  };
}
