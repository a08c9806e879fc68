import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Every list of a section in one statement over one set of CTEs (`with` included in `ctes`), each
 * list a JSON array in its part's order: the CTEs are computed once, not once per chart.
 *
 * Without parallel workers: the plans read one index range of a few thousand to 100,000 rows, and
 * starting workers for it cost more than it saved — on the 2-core benchmark host the delivery
 * call's p95 at 10 clients was 608–765 ms with workers and 328–341 ms without; the cost call lost a
 * little (131–138 → 153–155 ms). One rule for every call (decision 039, bench/README.md).
 */
export async function oneStatement<T extends Record<string, unknown[]>>(db: Db, ctes: SQL, parts: { [K in keyof T]: SQL }): Promise<T> {
  const fields = sql.join(
    Object.entries(parts).map(([name, part]) => sql`${name}::text, (select coalesce(json_agg(x), '[]'::json) from (${part}) x)`),
    sql`, `,
  );
  const res = await db.transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return tx.execute(sql`${ctes} select json_build_object(${fields}) as lists`);
  });
  const lists = (res.rows[0] as { lists: T | string }).lists;
  return typeof lists === 'string' ? (JSON.parse(lists) as T) : lists;
}
