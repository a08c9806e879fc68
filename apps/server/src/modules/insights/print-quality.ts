import { sql } from 'drizzle-orm';
import type { PrintQualityInsights } from '@promo/shared';
import type { Db } from '../../db/client';
import { oneStatement } from './one-statement';
import { inCategories, inRange, type InsightsScope } from './scope';

/**
 * Every HQ file sent in the chat of a design in scope (replaced ones too) with its finished preflight:
 * the designs of the range first, then their chats' files through the indexes (not every HQ file
 * of every year joined and then filtered).
 */
const checkedFiles = (scope: InsightsScope) => sql`
  with designs_in_scope as (
    select ps.id from promotion_surface_designs ps
    join promotions p on p.id = ps.promotion_id
    join designs d on d.id = ps.design_id
    where ${inRange(scope, sql`p.period_from`)} and ${inCategories(scope, sql`d.category_id`)}
  ),
  checked as (
    select m.sender_id, fp.status, fp.checks
    from chats c
    join chat_messages m on m.chat_id = c.id and m.type_file = 'HQ'
    join file_preflights fp on fp.file_id = m.file_id
    where c.psd_id = any(array(select id from designs_in_scope)) and fp.status in ('ok', 'warnings', 'errors')
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
      select x->>'check' as "check", count(*) filter (where x->>'level' = 'error')::int as errors, count(*) filter (where x->>'level' = 'warning')::int as warnings
      from checked c cross join lateral jsonb_array_elements(c.checks) x
      -- An 'ok' file has no error or warning (statusOf in lib/preflight/checks.ts): its checks are not unpacked.
      where c.status <> 'ok' and x->>'level' in ('error', 'warning')
      group by 1 order by errors desc, warnings desc, 1`,
  });
  return { range: scope.range, ...lists };
}
