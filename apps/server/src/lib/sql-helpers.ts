import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';
import { SORT_ASC, SORT_DESC } from '@promo/shared';

/** A LIKE pattern that matches `text` literally anywhere. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** ORDER BY for the sort cycle: 1 descending, 2 ascending, 0 none; the id keeps pages stable. */
export function orderBy(column: AnyColumn | SQL, sortCount: number, id: AnyColumn): SQL[] {
  if (sortCount === SORT_DESC) return [desc(column), desc(id)];
  if (sortCount === SORT_ASC) return [asc(column), asc(id)];
  return [asc(id)];
}

/**
 * The total of a paged list. A page that is neither full nor past the end is the last one, so the
 * total is known without counting: a search that finds a few rows costs one statement, not two.
 */
export async function pageTotal(page: { start_index: number; count_show: number }, rows: number, count: () => Promise<number>): Promise<number> {
  if (rows > 0 && rows < page.count_show) return page.start_index + rows;
  if (rows === 0 && page.start_index === 0) return 0;
  return count();
}
