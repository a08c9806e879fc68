import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Every list of a section in one statement over one set of CTEs (`with` included in `ctes`), each
 * list a JSON array in its part's order: the CTEs are computed once, not once per chart.
 */
export async function oneStatement<T extends Record<string, unknown[]>>(db: Db, ctes: SQL, parts: { [K in keyof T]: SQL }): Promise<T> {
  const fields = sql.join(
    Object.entries(parts).map(([name, part]) => sql`${name}::text, (select coalesce(json_agg(x), '[]'::json) from (${part}) x)`),
    sql`, `,
  );
  const res = await db.execute(sql`${ctes} select json_build_object(${fields}) as lists`);
  const lists = (res.rows[0] as { lists: T | string }).lists;
  return typeof lists === 'string' ? (JSON.parse(lists) as T) : lists;
}
