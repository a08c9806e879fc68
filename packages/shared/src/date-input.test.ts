import { describe, expect, it } from 'vitest';
import { parseDateInput, zDateInput, zOptionalDateInput } from './date-input';

describe('parseDateInput', () => {
  it('takes real days and the ISO times of the web', () => {
    expect(parseDateInput('2028-02-29')?.toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(parseDateInput('1900-01-01')?.toISOString()).toBe('1900-01-01T00:00:00.000Z');
    expect(parseDateInput('2999-12-31')?.toISOString()).toBe('2999-12-31T00:00:00.000Z');
    expect(parseDateInput('2027-02-28T23:00:00.000Z')?.toISOString()).toBe('2027-02-28T23:00:00.000Z');
    expect(parseDateInput('2027-03-31T23:59:59.999+02:00')?.toISOString()).toBe('2027-03-31T21:59:59.999Z');
    expect(parseDateInput('2027-03-31T10:00Z')?.toISOString()).toBe('2027-03-31T10:00:00.000Z');
  });

  it.each([
    '2027-02-29', '2027-02-30', '2027-04-31', '2027-13-01', '2027-00-01', '2027-01-00', '2027-1-1',
    '0000-01-01', '1899-12-31', '3000-01-01', '+275760-09-13', '-000001-01-01', '20270-01-01',
    '2027-01-01T24:00:00Z', '2027-01-01T10:60Z', '2027-01-01T10:00:60Z', '2027-01-01T10:00:00', '2027-01-01T10:00+15:00',
    '2027-02-30T00:00:00.000Z', '1 March 2027', '2027-03-01 ', '', 'soon', '١٢٣٤-٠١-٠١',
  ])('refuses %j', (value) => {
    expect(parseDateInput(value)).toBeNull();
  });
});

describe('date schemas', () => {
  const required = zDateInput({ invalid: 'bad', missing: 'needed' });
  const optional = zOptionalDateInput();
  const message = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message);

  it('says which: missing or invalid', () => {
    expect(message(required.safeParse(''))).toEqual(['needed']);
    expect(message(required.safeParse(undefined))).toEqual(['needed']);
    expect(message(required.safeParse('2027-02-30'))).toEqual(['bad']);
    expect(message(required.safeParse(['2027-01-01']))).toEqual(['bad']);
    expect(message(required.safeParse('x'.repeat(1000)))).toEqual(['bad']);
    expect(required.parse('2027-01-01')).toEqual(new Date('2027-01-01T00:00:00Z'));
  });

  it('leaves an optional date out when blank', () => {
    expect(optional.parse('')).toBeUndefined();
    expect(optional.parse(undefined)).toBeUndefined();
    expect(message(optional.safeParse('0000-01-01'))).toEqual(['invalid_date']);
    expect(message(optional.safeParse({ a: 1 }))).toEqual(['invalid_date']);
  });
});
