import { sql } from 'drizzle-orm';
import type { DeadlineInsights } from '@promo/shared';
import type { Db } from '../../db/client';
import { dueDays } from './milestone-days';
import { oneStatement } from './one-statement';
import { inCategories, inRange, type InsightsScope } from './scope';

/**
 * When each milestone of a promotion was done (decision 038): brief — the last live design's
 * first move out of Created; designs complete — the last design's first Completed (or the sending,
 * if sooner); sent — the print report; printed and delivered — their promotion events. A step done
 * without a recorded moment (before the status history existed) is left out of the shares. The
 * designs' moments come from the read model's row per promotion, insight_promotion_steps (decision 039).
 */
const doneAt = (scope: InsightsScope) => sql`
  per_promotion as (
    select pr.id as promotion_id, s.brief, s.designs_complete,
           coalesce(s.briefs_sent, false) as briefs_sent, coalesce(s.all_completed, false) as all_completed
    from promotions_in_scope pr left join insight_promotion_steps s on s.promotion_id = pr.id
  ),
  done as (
    select d.promotion_id, d.milestone, d.ord, d.due_on, d.created_on,
           case d.milestone
             when 'brief' then case when pp.briefs_sent then pp.brief else least(pp.designs_complete, r.created_at) end
             when 'designs_complete' then least(pp.designs_complete, r.created_at)
             when 'sent_to_printers' then r.created_at
             when 'printed' then case when pr.status >= 3 then (select min(e.created_at) from promotion_events e where e.promotion_id = pr.id and e.event in ('printed', 'distributed')) end
             when 'delivered' then case when pr.status >= 4 then (select min(e.created_at) from promotion_events e where e.promotion_id = pr.id and e.event = 'distributed') end
           end as done_at,
           case d.milestone
             when 'brief' then pp.briefs_sent or pp.all_completed or r.id is not null
             when 'designs_complete' then pp.all_completed or pr.status >= 2 or r.id is not null
             when 'sent_to_printers' then r.id is not null
             when 'printed' then pr.status >= 3
             when 'delivered' then pr.status >= 4
           end as is_done
    from due d
    join promotions_in_scope pr on pr.id = d.promotion_id
    join per_promotion pp on pp.promotion_id = d.promotion_id
    left join print_reports r on r.promotion_id = d.promotion_id
    where d.due_on >= d.created_on
  ),
  judged as (
    select promotion_id, milestone, ord, due_on,
           (done_at at time zone 'Europe/Oslo')::date as done_on,
           case when is_done and done_at is null then 'unknown'
                when is_done and (done_at at time zone 'Europe/Oslo')::date <= due_on then 'on_time'
                when is_done then 'late'
                when due_on < ${scope.today}::date then 'open_late'
                else 'open' end as state
    from done
  )`;

export async function deadlineInsights(db: Db, scope: InsightsScope): Promise<DeadlineInsights> {
  const promotionsInScope = sql`
    promotions_in_scope as (
      select p.id, p.name, p.period_from, p.created_at, p.status from promotions p
      where ${inRange(scope, sql`p.period_from`)}
        and ${
          scope.categories === null
            ? sql`true`
            : sql`p.id in (select st.promotion_id from insight_design_steps st where ${inRange(scope, sql`st.period_from`)} and ${inCategories(scope, sql`st.category_id`)})`
        }
    )`;
  const base = sql`with ${promotionsInScope}, ${await dueDays(db)}, ${doneAt(scope)}`;
  const counts = (extra: string) =>
    sql.raw(`count(*) filter (where state = 'on_time')::int as on_time, count(*) filter (where state = 'late')::int as late, count(*) filter (where state = 'open_late')::int as open_late${extra}`);
  const lists = await oneStatement<Omit<DeadlineInsights, 'range'>>(db, base, {
    milestones: sql`select milestone, ${counts('')} from judged group by milestone, ord order by ord`,
    by_month: sql`
      select to_char(due_on, 'YYYY-MM') as month, milestone, ${counts('')} from judged
      where state in ('on_time', 'late', 'open_late') group by 1, milestone, ord order by 1, ord`,
    late: sql`
      select j.promotion_id, p.name, j.milestone, to_char(j.due_on, 'YYYY-MM-DD') as due_on, to_char(j.done_on, 'YYYY-MM-DD') as done_on,
             (coalesce(j.done_on, ${scope.today}::date) - j.due_on)::int as days_late
      from judged j join promotions_in_scope p on p.id = j.promotion_id
      where j.state in ('late', 'open_late') order by j.due_on desc, j.promotion_id, j.ord limit 50`,
  });
  return { range: scope.range, ...lists };
}
