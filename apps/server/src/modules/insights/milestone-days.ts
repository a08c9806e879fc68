import { sql, type SQL } from 'drizzle-orm';
import { MILESTONES } from '@promo/shared';
import type { Db } from '../../db/client';
import { milestoneDays } from '../promotions/milestones';

/**
 * A CTE `due(promotion_id, milestone, ord, due_on, created_on)` of every milestone of the
 * promotions in `promotions` (a CTE with id, period_from, created_at): the moved day where there
 * is one, else the period's first day less system settings' days (decision 018).
 */
export async function dueDays(db: Db): Promise<SQL> {
  const days = await milestoneDays(db);
  const values = sql.join(
    MILESTONES.map((m, i) => sql`(${m}::text, ${i + 1}::int, ${days[m]}::int)`),
    sql`, `,
  );
  return sql`
    ms(milestone, ord, days) as (values ${values}),
    due as (
      select pr.id as promotion_id, ms.milestone, ms.ord,
             coalesce(pm.due_on, pr.period_from - ms.days) as due_on,
             (pr.created_at at time zone 'Europe/Oslo')::date as created_on
      from promotions_in_scope pr
      cross join ms
      left join promotion_milestones pm on pm.promotion_id = pr.id and pm.milestone = ms.milestone
    )`;
}
