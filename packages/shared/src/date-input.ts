import { z } from 'zod';

/**
 * Dates as they come in: a calendar day 'YYYY-MM-DD', or the ISO time the web's date inputs send
 * (`toISOString()` of the local day's start or end). Only real days of years PostgreSQL and every
 * browser handle; JavaScript would move 30 February to March and take year 0 or +275760.
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

/** The instant of a date input: a day is its UTC midnight, a time is itself; null when not a real day and time. */
export function parseDateInput(value: string): Date | null {
  const day = DAY.exec(value);
  if (day) {
    const [y, m, d] = day.slice(1).map(Number) as [number, number, number];
    return isCalendarDay(y, m, d) ? new Date(Date.UTC(y, m - 1, d)) : null;
  }
  const time = TIME.exec(value);
  if (!time) return null;
  const [y, m, d, hh, mm, ss = 0, oh = 0, om = 0] = time.slice(1).map((s) => (s === undefined ? undefined : Number(s))) as number[];
  if (!isCalendarDay(y!, m!, d!) || hh! > 23 || mm! > 59 || ss > 59 || oh > 14 || om > 59) return null;
  return new Date(value);
}

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const dateInput = (invalid: string, missing: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? missing : invalid) })
    .max(40, { error: invalid, abort: true })
    .transform((s, ctx) => {
      const date = parseDateInput(s.trim());
      if (!date) ctx.addIssue({ code: 'custom', message: invalid });
      return date ?? z.NEVER;
    });

/** A required date input; '' counts as missing. */
export const zDateInput = (keys: { invalid: string; missing: string }) => z.preprocess(blankToUndefined, dateInput(keys.invalid, keys.missing));

/** An optional date input (a list filter's end); '' and absent mean none. */
export const zOptionalDateInput = (invalid = 'invalid_date') => z.preprocess(blankToUndefined, dateInput(invalid, invalid).optional());
