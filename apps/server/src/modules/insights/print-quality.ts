import { sql } from 'drizzle-orm';
import type { PrintQualityInsights } from '@promo/shared';
import type { Db } from '../../db/client';
import { oneStatement } from './one-statement';
import { inCategories, inRange, type InsightsScope } from './scope';

/**
 * Every HQ file sent in the chat of a design in scope (replaced ones too) with its finished
 * preflight: one stretch of the read model's period index (insight_hq_checks, decision 039), which
 * holds each file's sender, status and the checks it failed.
 */
const checkedFiles = (scope: InsightsScope) => sql`
  with checked as (
    select h.sender_id, h.status, h.errors, h.warnings from insight_hq_checks h
    where ${inRange(scope, sql`h.period_from`)} and ${inCategories(scope, sql`h.category_id`)}
  )`;

export async function printQualityInsights(db: Db, scope: InsightsScope): Promise<PrintQualityInsights> {
  const lists = await oneStatement<Omit<PrintQualityInsights, 'range'>>(db, checkedFiles(scope), {
    by_designer: sql`
      select t.designer_id, nullif(trim(coalesce(u.name, '') || ' ' || coalesce(u.surname, '')), '') as designer, t.files, t.errors, t.warnings
      from (
        select sender_id as designer_id, count(*)::int as files,
               count(*) filter (where status = 'errors')::int as errors, count(*) filter (where status = 'warnings')::int as warnings
        from checked group by 1
      ) t left join users u on u.id = t.designer_id
      order by t.errors desc, t.warnings desc, t.designer_id`,
    by_check: sql`
      select f."check", count(*) filter (where f.level = 'error')::int as errors, count(*) filter (where f.level = 'warning')::int as warnings
      from (
        select unnest(errors) as "check", 'error' as level from checked where status <> 'ok'
        union all
        select unnest(warnings), 'warning' from checked where status <> 'ok'
      ) f
      group by 1 order by errors desc, warnings desc, 1`,
  });
  return { range: scope.range, ...lists };
}
