import type { SQL } from 'drizzle-orm';
import { addDays, type InsightsRange } from '@promo/shared';

/** The whole calendar months inside a range, as [first, after) first days of months; null when there is none. */
function wholeMonths(range: InsightsRange): { first: string; after: string } | null {
  const first = range.from.endsWith('-01') ? range.from : firstOfNextMonth(range.from);
  const dayAfter = addDays(range.to, 1);
  const after = dayAfter.endsWith('-01') ? dayAfter : `${range.to.slice(0, 7)}-01`;
  return first < after ? { first, after } : null;
}

function firstOfNextMonth(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/**
 * The parts a range is read in (decision 039): its whole months from a station's month sums
 * (`months(first, after)`), the days at its ends from the rows (`days(from, to)`, both included).
 */
export function monthsAndDays(range: InsightsRange, months: (first: string, after: string) => SQL, days: (from: string, to: string) => SQL): SQL[] {
  const whole = wholeMonths(range);
  if (!whole) return [days(range.from, range.to)];
  return [
    months(whole.first, whole.after),
    ...(range.from < whole.first ? [days(range.from, addDays(whole.first, -1))] : []),
    ...(whole.after <= range.to ? [days(whole.after, range.to)] : []),
  ];
}
