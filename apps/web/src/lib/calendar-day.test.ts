import { describe, expect, it } from 'vitest';
import { dateToDay, dayToDate, parseTypedDay } from './calendar-day';

describe('parseTypedDay', () => {
  it('reads a day typed day first, or as YYYY-MM-DD', () => {
    expect(parseTypedDay('23.12.2026')).toBe('2026-12-23');
    expect(parseTypedDay(' 1/5/2027 ')).toBe('2027-05-01');
    expect(parseTypedDay('29-02-2028')).toBe('2028-02-29');
    expect(parseTypedDay('2026-12-23')).toBe('2026-12-23');
  });

  it.each(['30.02.2027', '23.12.26', '23.12.20260', '12/23/2026', '23.12', '', 'i morgen'])('refuses %j', (text) => {
    expect(parseTypedDay(text)).toBeNull();
  });
});

describe('dayToDate and dateToDay', () => {
  it("go through the browser's local midnight and back to the same day", () => {
    expect(dateToDay(dayToDate('2026-12-23')!)).toBe('2026-12-23');
    expect(dayToDate('2027-02-30')).toBeUndefined();
  });
});
