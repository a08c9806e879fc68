import { PAGINATION_WINDOW } from './constants';

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * A window of PAGINATION_WINDOW pages around the current one, with the first and last page
 * and an ellipsis where pages are left out (spec 000 §4). Pages are 1-based.
 */
export function pageWindow(current: number, count: number): PageItem[] {
  const half = Math.floor(PAGINATION_WINDOW / 2);
  let start = Math.max(1, current - half);
  const end = Math.min(count, start + PAGINATION_WINDOW - 1);
  start = Math.max(1, end - PAGINATION_WINDOW + 1);
  const items: PageItem[] = [];
  if (start > 1) items.push(1);
  if (start > 2) items.push('ellipsis-start');
  for (let p = start; p <= end; p++) items.push(p);
  if (end < count - 1) items.push('ellipsis-end');
  if (end < count) items.push(count);
  return items;
}
