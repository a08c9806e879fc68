import { sql } from 'drizzle-orm';
import type { TurnaroundFigures, TurnaroundInsights } from '@promo/shared';
import type { Db } from '../../db/client';
import { oneStatement } from './one-statement';
import { inCategories, inRange, type InsightsScope } from './scope';

/**
 * Each design in scope with the moments of its steps, its rounds of Correction and the days it waited
 * on the designer and on the managers (decision 038's whose-turn rule), from the read model's
 * insight_design_steps (decision 039), kept from the status history and the chat's files.
 */
// date_part, not extract: extract's numeric result made the spans half of the call's time.
const steps = (scope: InsightsScope) => sql`
  with spans as (
    select ps.id, ps.designer_id, d.category_id,
           coalesce(st.corrections, 0) as corrections, coalesce(st.on_designer, 0) as on_designer, coalesce(st.on_manager, 0) as on_manager,
           case when st.sketch >= st.brief then date_part('epoch', st.sketch - st.brief) / 86400 end as brief_to_sketch,
           case when st.approved >= st.sketch then date_part('epoch', st.approved - st.sketch) / 86400 end as sketch_to_approved,
           case when st.completed >= st.approved then date_part('epoch', st.completed - st.approved) / 86400 end as approved_to_completed,
           case when st.completed >= st.brief then date_part('epoch', st.completed - st.brief) / 86400 end as brief_to_completed
    from promotion_surface_designs ps
    join designs d on d.id = ps.design_id
    join promotions p on p.id = ps.promotion_id
    left join insight_design_steps st on st.psd_id = ps.id
    where ${inRange(scope, sql`p.period_from`)} and ${inCategories(scope, sql`d.category_id`)}
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
    by_category: sql`select s.category_id, c.name as category, ${figures} from spans s join categories c on c.id = s.category_id group by 1, 2 order by 2`,
    by_designer: sql`
      select s.designer_id, nullif(trim(coalesce(u.name, '') || ' ' || coalesce(u.surname, '')), '') as designer, ${figures}
      from spans s left join users u on u.id = s.designer_id group by 1, 2 order by 2 nulls last`,
  });
  return {
    range: scope.range,
    by_category: lists.by_category.map((r) => ({ category_id: r.category_id as number, category: r.category as string, ...toFigures(r) })),
    by_designer: lists.by_designer.map((r) => ({ designer_id: (r.designer_id as number | null) ?? null, designer: (r.designer as string | null) ?? null, ...toFigures(r) })),
  };
}
