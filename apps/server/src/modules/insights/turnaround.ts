import { sql } from 'drizzle-orm';
import type { TurnaroundFigures, TurnaroundInsights } from '@promo/shared';
import type { Db } from '../../db/client';
import { oneStatement } from './one-statement';
import { inCategories, inRange, type InsightsScope } from './scope';

/**
 * Each design in scope with the moments of its steps (decision 038): first Brief, first sketch in
 * its chat, first Approved, first Completed (status history, chat), its rounds of Correction, and the
 * days it waited on the designer and on the managers. Whose turn it is: the designer's from a move to
 * Brief, Correction or Approved (print files due) until the next Sketch, HQ or LQ file; the managers'
 * from such a file until the next move; nobody's after Completed or Cancelled.
 */
const steps = (scope: InsightsScope) => sql`
  with scoped as (
    select ps.id, ps.designer_id, d.category_id
    from promotion_surface_designs ps
    join designs d on d.id = ps.design_id
    join promotions p on p.id = ps.promotion_id
    where ${inRange(scope, sql`p.period_from`)} and ${inCategories(scope, sql`d.category_id`)}
  ),
  turns as (
    select h.psd_id, h.created_at as at,
           case when h.to_status in ('Brief', 'Correction', 'Approved') then 'designer' when h.to_status in ('Completed', 'Cancelled') then 'none' else 'manager' end as turn
    from design_status_changes h join scoped s on s.id = h.psd_id
    union all
    select c.psd_id, m.created_at, 'manager'
    from chat_messages m join chats c on c.id = m.chat_id join scoped s on s.id = c.psd_id
    where m.type_file in ('Sketch', 'HQ', 'LQ')
  ),
  waits as (
    select psd_id,
           sum(days) filter (where turn = 'designer') as on_designer,
           sum(days) filter (where turn = 'manager') as on_manager
    from (select psd_id, turn, extract(epoch from (lead(at) over (partition by psd_id order by at) - at)) / 86400.0 as days from turns) w
    group by psd_id
  ),
  moves as (
    select h.psd_id,
           min(h.created_at) filter (where h.to_status = 'Brief') as brief,
           min(h.created_at) filter (where h.to_status = 'Approved') as approved,
           min(h.created_at) filter (where h.to_status = 'Completed') as completed,
           count(*) filter (where h.to_status = 'Correction') as corrections
    from design_status_changes h join scoped s on s.id = h.psd_id
    group by h.psd_id
  ),
  sketches as (
    select c.psd_id, min(m.created_at) as sketch
    from chat_messages m join chats c on c.id = m.chat_id join scoped s on s.id = c.psd_id
    where m.type_file = 'Sketch'
    group by c.psd_id
  ),
  design_steps as (
    select s.id, s.designer_id, s.category_id, mv.brief, sk.sketch, mv.approved, mv.completed,
           coalesce(mv.corrections, 0) as corrections, coalesce(w.on_designer, 0) as on_designer, coalesce(w.on_manager, 0) as on_manager
    from scoped s
    left join moves mv on mv.psd_id = s.id
    left join sketches sk on sk.psd_id = s.id
    left join waits w on w.psd_id = s.id
  ),
  spans as (
    select *,
           case when sketch >= brief then extract(epoch from sketch - brief) / 86400.0 end as brief_to_sketch,
           case when approved >= sketch then extract(epoch from approved - sketch) / 86400.0 end as sketch_to_approved,
           case when completed >= approved then extract(epoch from completed - approved) / 86400.0 end as approved_to_completed,
           case when completed >= brief then extract(epoch from completed - brief) / 86400.0 end as brief_to_completed
    from design_steps
  )`;

/** Median and 90th percentile of a span, in days with one decimal. */
const pct = (column: string) =>
  sql.raw(`round((percentile_cont(0.5) within group (order by ${column}))::numeric, 1)::float as ${column}_median,
           round((percentile_cont(0.9) within group (order by ${column}))::numeric, 1)::float as ${column}_p90`);

const figures = sql`count(*)::int as designs, ${pct('brief_to_sketch')}, ${pct('sketch_to_approved')}, ${pct('approved_to_completed')}, ${pct('brief_to_completed')},
  round(avg(corrections), 2)::float as correction_rounds, round(sum(on_designer), 1)::float as waiting_on_designer, round(sum(on_manager), 1)::float as waiting_on_manager`;

type Row = Record<string, unknown>;
const SPANS = ['brief_to_sketch', 'sketch_to_approved', 'approved_to_completed', 'brief_to_completed'] as const;

function toFigures(r: Row): TurnaroundFigures {
  const span = (k: string) => ({ median: (r[`${k}_median`] as number | null) ?? null, p90: (r[`${k}_p90`] as number | null) ?? null });
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
