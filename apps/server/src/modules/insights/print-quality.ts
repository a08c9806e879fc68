import { sql } from 'drizzle-orm';
import type { PrintQualityInsights } from '@promo/shared';
import type { Db } from '../../db/client';
import { oneStatement } from './one-statement';
import { inCategories, inRange, type InsightsScope } from './scope';

/** Every HQ file sent in the chat of a design in scope (replaced ones too) with its finished preflight. */
const checkedFiles = (scope: InsightsScope) => sql`
  with checked as (
    select m.sender_id, fp.status, fp.checks
    from file_preflights fp
    join chat_messages m on m.file_id = fp.file_id and m.type_file = 'HQ'
    join chats c on c.id = m.chat_id
    join promotion_surface_designs ps on ps.id = c.psd_id
    join designs d on d.id = ps.design_id
    join promotions p on p.id = ps.promotion_id
    where fp.status in ('ok', 'warnings', 'errors') and ${inRange(scope, sql`p.period_from`)} and ${inCategories(scope, sql`d.category_id`)}
  )`;

export async function printQualityInsights(db: Db, scope: InsightsScope): Promise<PrintQualityInsights> {
  const lists = await oneStatement<Omit<PrintQualityInsights, 'range'>>(db, checkedFiles(scope), {
    by_designer: sql`
      select c.sender_id as designer_id, nullif(trim(coalesce(u.name, '') || ' ' || coalesce(u.surname, '')), '') as designer,
             count(*)::int as files, count(*) filter (where c.status = 'errors')::int as errors, count(*) filter (where c.status = 'warnings')::int as warnings
      from checked c left join users u on u.id = c.sender_id
      group by 1, 2 order by errors desc, warnings desc, designer_id`,
    by_check: sql`
      select x->>'check' as "check", count(*) filter (where x->>'level' = 'error')::int as errors, count(*) filter (where x->>'level' = 'warning')::int as warnings
      from checked c cross join lateral jsonb_array_elements(c.checks) x
      where x->>'level' in ('error', 'warning')
      group by 1 order by errors desc, warnings desc, 1`,
  });
  return { range: scope.range, ...lists };
}
