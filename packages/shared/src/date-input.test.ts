import { describe, expect, it } from 'vitest';
import { osloDay, parseDayInput, zDayInput, zOptionalDayInput } from './date-input';

describe('parseDayInput', () => {
  it('takes real days as themselves and ISO times as their day in Oslo', () => {
    expect(parseDayInput('2028-02-29')).toBe('2028-02-29');
    expect(parseDayInput('1900-01-01')).toBe('1900-01-01');
    expect(parseDayInput('2999-12-31')).toBe('2999-12-31');
    // Midnight in Oslo is 23:00 UTC in winter and 22:00 UTC in summer, the evening before.
    expect(parseDayInput('2026-12-22T23:00:00.000Z')).toBe('2026-12-23');
    expect(parseDayInput('2026-12-22T22:59:59.999Z')).toBe('2026-12-22');
    expect(parseDayInput('2027-06-30T22:00Z')).toBe('2027-07-01');
    expect(parseDayInput('2027-03-31T23:59:59.999+02:00')).toBe('2027-03-31');
    // The evening in Los Angeles is the next morning in Oslo.
    expect(parseDayInput('2026-12-23T20:00:00-08:00')).toBe('2026-12-24');
  });

  it.each([
    '2027-02-29', '2027-02-30', '2027-04-31', '2027-13-01', '2027-00-01', '2027-01-00', '2027-1-1',
    '0000-01-01', '1899-12-31', '3000-01-01', '+275760-09-13', '-000001-01-01', '20270-01-01',
    '2027-01-01T24:00:00Z', '2027-01-01T10:60Z', '2027-01-01T10:00:60Z', '2027-01-01T10:00:00', '2027-01-01T10:00+15:00',
    '2027-02-30T00:00:00.000Z', '2999-12-31T23:30:00Z', '1 March 2027', '23.12.2026', '2027-03-01 ', '', 'soon', '١٢٣٤-٠١-٠١',
  ])('refuses %j', (value) => {
    expect(parseDayInput(value)).toBeNull();
  });
});

describe('osloDay', () => {
  it('is the day on an Oslo calendar, across the change to and from summer time', () => {
    expect(osloDay(new Date('2027-03-27T23:00:00Z'))).toBe('2027-03-28');
    expect(osloDay(new Date('2027-03-28T21:59:59.999Z'))).toBe('2027-03-28');
    expect(osloDay(new Date('2027-03-28T22:00:00Z'))).toBe('2027-03-29');
    expect(osloDay(new Date('2027-10-30T22:00:00Z'))).toBe('2027-10-31');
    expect(osloDay(new Date('2027-10-31T22:59:59.999Z'))).toBe('2027-10-31');
    expect(osloDay(new Date('2027-10-31T23:00:00Z'))).toBe('2027-11-01');
  });
});

describe('date schemas', () => {
  const required = zDayInput({ invalid: 'bad', missing: 'needed' });
  const optional = zOptionalDayInput();
  const message = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message);

  it('says which: missing or invalid', () => {
    expect(message(required.safeParse(''))).toEqual(['needed']);
    expect(message(required.safeParse(undefined))).toEqual(['needed']);
    expect(message(required.safeParse('2027-02-30'))).toEqual(['bad']);
    expect(message(required.safeParse(['2027-01-01']))).toEqual(['bad']);
    expect(message(required.safeParse('x'.repeat(1000)))).toEqual(['bad']);
    expect(required.parse('2027-01-01')).toBe('2027-01-01');
    expect(required.parse(' 2026-12-22T23:00:00.000Z ')).toBe('2026-12-23');
  });

  it('leaves an optional date out when blank', () => {
    expect(optional.parse('')).toBeUndefined();
    expect(optional.parse(undefined)).toBeUndefined();
    expect(message(optional.safeParse('0000-01-01'))).toEqual(['invalid_date']);
    expect(message(optional.safeParse({ a: 1 }))).toEqual(['invalid_date']);
  });
});
