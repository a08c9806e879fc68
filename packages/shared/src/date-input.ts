import { z } from 'zod';

/**
 * The business runs on Norway's calendar (decision 012): a promotion's period is a pair of calendar
 * days there, whatever the zone of the browser or the server.
 */
export const BUSINESS_TIME_ZONE = 'Europe/Oslo';

/**
 * Dates as they come in: a calendar day 'YYYY-MM-DD', or an ISO time (older clients send
 * `toISOString()` of a day's start or end), which names the day it is in Oslo at that instant.
 * Only real days of years PostgreSQL and every browser handle; JavaScript would move 30 February
 * to March and take year 0 or +275760.
 */
export const MIN_DATE_YEAR = 1900;
export const MAX_DATE_YEAR = 2999;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

/** A day of the calendar (no 30 February) in the years above; month 1–12. */
export function isCalendarDay(year: number, month: number, day: number): boolean {
  if (year < MIN_DATE_YEAR || year > MAX_DATE_YEAR || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A calendar day written 'YYYY-MM-DD' that exists, in the years above. */
export function isDayString(value: string): boolean {
  const day = DAY.exec(value);
  if (!day) return false;
  const [y, m, d] = day.slice(1).map(Number) as [number, number, number];
  return isCalendarDay(y, m, d);
}

const osloParts = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day in Oslo at an instant, as 'YYYY-MM-DD'. */
export function osloDay(instant: Date): string {
  const parts = osloParts.formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The instant of an ISO time; null when it is not a real day and time. */
function parseIsoTime(value: string): Date | null {
  const time = TIME.exec(value);
  if (!time) return null;
  const [y, m, d, hh, mm, ss = 0, oh = 0, om = 0] = time.slice(1).map((s) => (s === undefined ? undefined : Number(s))) as number[];
  if (!isCalendarDay(y!, m!, d!) || hh! > 23 || mm! > 59 || ss > 59 || oh > 14 || om > 59) return null;
  return new Date(value);
}

/**
 * The Oslo calendar day a date input names, as 'YYYY-MM-DD': a day is itself, an ISO time is the
 * day in Oslo at that instant (2026-12-22T23:00:00Z is 23 December). Null when not a real date.
 */
export function parseDayInput(value: string): string | null {
  if (DAY.test(value)) return isDayString(value) ? value : null;
  const instant = parseIsoTime(value);
  if (!instant) return null;
  const day = osloDay(instant);
  return isDayString(day) ? day : null;
}

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const dayInput = (invalid: string, missing: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? missing : invalid) })
    .max(40, { error: invalid, abort: true })
    .transform((s, ctx) => {
      const day = parseDayInput(s.trim());
      if (!day) ctx.addIssue({ code: 'custom', message: invalid });
      return day ?? z.NEVER;
    });

/** A required date input, as its Oslo calendar day 'YYYY-MM-DD'; '' counts as missing. */
export const zDayInput = (keys: { invalid: string; missing: string }) => z.preprocess(blankToUndefined, dayInput(keys.invalid, keys.missing));

/** An optional date input (a list filter's end), as its Oslo calendar day; '' and absent mean none. */
export const zOptionalDayInput = (invalid = 'invalid_date') => z.preprocess(blankToUndefined, dayInput(invalid, invalid).optional());
