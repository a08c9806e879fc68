import { sql, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

/**
 * Up to this many matches a list counts them exactly; beyond, its total is the planner's estimate
 * and the answer says so (`total_estimated`, shown as "about N"). Counting a broad search exactly
 * costs as much as reading all its rows, on every new search (issue 13, bench/README.md).
 */
export const EXACT_TOTAL_LIMIT = 1000;

/** Rows PostgreSQL expects `query` to return, from its plan (no row is read). */
export async function plannedRows(db: DbOrTx, query: SQLWrapper): Promise<number> {
  const result = await db.execute<{ 'QUERY PLAN': unknown }>(sql`explain (format json) ${query}`);
  const rows = (result as { rows?: { 'QUERY PLAN': unknown }[] }).rows ?? (result as unknown as { 'QUERY PLAN': unknown }[]);
  const plan = rows[0]?.['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: { 'Plan Rows': number } }[];
  return Math.round(parsed[0]!.Plan['Plan Rows']);
}
