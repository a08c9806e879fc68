import { isCalendarDay, isDayString } from '@promo/shared';

/**
 * Calendar days 'YYYY-MM-DD' in the web (decision 012). A calendar widget works with the browser's
 * local dates: a day becomes its local midnight and back, so no time zone can move it.
 */
export function dayToDate(day: string): Date | undefined {
  if (!isDayString(day)) return undefined;
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export const dateToDay = (date: Date) => `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

const TYPED = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/;
const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

/**
 * A day as a person types it, day first (23.12.2026, 23/12/2026, 1.5.2027) or as 2026-12-23; null
 * when it is no real day.
 */
export function parseTypedDay(text: string): string | null {
  const value = text.trim();
  const typed = TYPED.exec(value);
  const iso = typed ? null : ISO.exec(value);
  const [d, m, y] = typed ? [typed[1], typed[2], typed[3]].map(Number) : iso ? [iso[3], iso[2], iso[1]].map(Number) : [];
  if (y === undefined || !isCalendarDay(y, m!, d!)) return null;
  return `${pad(y, 4)}-${pad(m!)}-${pad(d!)}`;
}
