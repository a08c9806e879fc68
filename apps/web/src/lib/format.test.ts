import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatDateTime, formatDay, formatDecimal, formatMoney } from './format';

describe('dates in the interface language', () => {
  it('writes a calendar day as it is: dd.mm.yyyy in Norwegian, dd/mm/yyyy in English', () => {
    expect(formatDay('2026-12-23', 'no')).toBe('23.12.2026');
    expect(formatDay('2026-12-23', 'en')).toBe('23/12/2026');
    expect(formatDay('2027-01-01', 'no')).toBe('01.01.2027');
  });

  it('writes an instant as its date and time in Oslo', () => {
    // 23:30 UTC on 22 December is 00:30 on 23 December in Oslo.
    expect(formatDate('2026-12-22T23:30:00Z', 'no')).toBe('23.12.2026');
    expect(formatDateTime('2026-12-22T23:30:00Z', 'no')).toBe('23.12.2026, 00:30');
    expect(formatDateTime('2027-06-30T22:05:00Z', 'en')).toBe('01/07/2027, 00:05');
  });
});

// Intl's signs in Norwegian, written out so a test cannot pass by normalising them away.
const NBSP = '\u00a0';
const MINUS = '\u2212';

describe('numbers in the interface language', () => {
  it('groups whole numbers: a no-break space in Norwegian, a comma in English', () => {
    expect(formatCount(10300, 'no')).toBe(`10${NBSP}300`);
    expect(formatCount(10300, 'en')).toBe('10,300');
    expect(formatCount(999, 'no')).toBe('999');
  });

  it('writes decimals with a comma in Norwegian and a point in English, within the decimals asked for', () => {
    expect(formatDecimal(210.2, { max: 1 }, 'no')).toBe('210,2');
    expect(formatDecimal(210.2, { max: 1 }, 'en')).toBe('210.2');
    expect(formatDecimal(0.707, { max: 3 }, 'no')).toBe('0,707');
    expect(formatDecimal(0.7071, { max: 3 }, 'en')).toBe('0.707');
    expect(formatDecimal(297, { max: 1 }, 'no')).toBe('297');
    expect(formatDecimal(1.2, { min: 2, max: 2 }, 'no')).toBe('1,20');
    expect(formatDecimal(-3112.5, { max: 1 }, 'no')).toBe(`${MINUS}3${NBSP}112,5`);
    expect(formatDecimal(-3112.5, { max: 1 }, 'en')).toBe('-3,112.5');
  });

  it('writes money with two decimals and no currency sign, from a number or the API\'s decimal text', () => {
    expect(formatMoney('3112.50', 'no')).toBe(`3${NBSP}112,50`);
    expect(formatMoney('3112.50', 'en')).toBe('3,112.50');
    expect(formatMoney(0.5, 'no')).toBe('0,50');
    expect(formatMoney('12', 'en')).toBe('12.00');
    expect(formatMoney('', 'no')).toBe('');
    expect(formatMoney('n/a', 'no')).toBe('n/a');
  });
});
