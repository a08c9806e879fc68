import { sql, type SQL } from 'drizzle-orm';
import { osloDay, type InsightsQuery, type InsightsRange } from '@promo/shared';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import { designCategoryScope } from '../promotion-design/category-scope';

/** What one insights call covers: its Oslo days, and the categories and station group it keeps to. */
export interface InsightsScope {
  range: InsightsRange;
  /** The categories whose designs count: a cm's own (and the filter's); null for every category. */
  categories: number[] | null;
  group: string | null;
  /** Today in Oslo: a milestone past it and not done is late. */
  today: string;
}

/** A day `months` calendar months before `day`, the day after: 12 months back from 2026-11-26 is 2025-11-27. */
export function monthsBefore(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const back = new Date(Date.UTC(y, m - 1 - months, 1));
  const last = new Date(Date.UTC(back.getUTCFullYear(), back.getUTCMonth() + 1, 0)).getUTCDate();
  back.setUTCDate(Math.min(d, last) + 1);
  return back.toISOString().slice(0, 10);
}

/**
 * The scope of a call (decision 038): the range defaults to the last 12 months up to today; a cm
 * keeps to its categories whatever it asks for (a category of another cm gives empty figures).
 */
export async function insightsScope(db: Db, auth: AuthContext, query: InsightsQuery, now = new Date()): Promise<InsightsScope> {
  const today = osloDay(now);
  const to = query.to ?? today;
  const from = query.from ?? monthsBefore(to, 12);
  const own = await designCategoryScope(db, auth);
  let categories = own;
  if (query.category_id !== undefined) categories = own === null || own.includes(query.category_id) ? [query.category_id] : [];
  return { range: { from, to }, categories, group: query.group ?? null, today };
}

/** `column` is one of the scope's categories (always true without a limit, false for none). */
export function inCategories(scope: InsightsScope, column: SQL): SQL {
  if (scope.categories === null) return sql`true`;
  if (!scope.categories.length) return sql`false`;
  return sql`${column} = any(${sql.param(scope.categories)}::int[])`;
}

/**
 * The rows of insight_station_figures a scope reads: the every-category row (0) without a category
 * limit, else the rows of its categories (summed: decision 039).
 */
export function inFigureCategories(scope: InsightsScope, column: SQL): SQL {
  if (scope.categories === null) return sql`${column} = 0`;
  return inCategories(scope, column);
}

/** `column` is the scope's station group (always true without one). */
export function inGroup(scope: InsightsScope, column: SQL): SQL {
  return scope.group === null ? sql`true` : sql`${column} = ${scope.group}`;
}

/** `column` (a promotion's first day) lies in the scope's range. */
export const inRange = (scope: InsightsScope, column: SQL): SQL => sql`${column} between ${scope.range.from}::date and ${scope.range.to}::date`;

/** A station's name as lists show it: its company name, else its name. */
export const stationName = (alias: string) => sql.raw(`coalesce(nullif(${alias}.company_name, ''), trim(${alias}.name || ' ' || ${alias}.surname))`);
