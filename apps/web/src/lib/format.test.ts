import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatDateTime, formatDay, formatDecimal, formatFileSize, formatFileSizeText, formatMoney, formatSurfaceSize } from './format';

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

describe('sizes in the interface language', () => {
  it('writes a surface size with a decimal comma in Norwegian and leaves its letters as the specification writes them', () => {
    expect(formatSurfaceSize('H21 x W29.7', 'no')).toBe('H21 x W29,7');
    expect(formatSurfaceSize('H21 x W29.7', 'en')).toBe('H21 x W29.7');
    expect(formatSurfaceSize('H59.4 x W84.1 x D0.5', 'no')).toBe('H59,4 x W84,1 x D0,5');
    // The preflight's size carries its unit.
    expect(formatSurfaceSize('H50 x W70 cm', 'no')).toBe('H50 x W70 cm');
    expect(formatSurfaceSize('', 'no')).toBe('');
  });

  it('writes a file size the web counts in kB below a megabyte and MB above, two decimals in the language', () => {
    expect(formatFileSize(7537, 'no')).toBe('7,36 kB');
    expect(formatFileSize(7537, 'en')).toBe('7.36 kB');
    expect(formatFileSize(0, 'en')).toBe('0.00 kB');
    expect(formatFileSize(1_258_291, 'no')).toBe('1,20 MB');
    expect(formatFileSize(1024 * 1024, 'en')).toBe('1.00 MB');
    expect(formatFileSize(1500 * 1024 * 1024, 'no')).toBe(`1${NBSP}500,00 MB`);
  });

  it("writes the chat's stored file size ('1.20 Mb', spec 001 §3) the same way, and anything else as it came", () => {
    expect(formatFileSizeText('1.20 Mb', 'no')).toBe('1,20 MB');
    expect(formatFileSizeText('1.20 Mb', 'en')).toBe('1.20 MB');
    expect(formatFileSizeText('7.36 Kb', 'no')).toBe('7,36 kB');
    expect(formatFileSizeText('1500.00 Mb', 'no')).toBe(`1${NBSP}500,00 MB`);
    expect(formatFileSizeText('', 'no')).toBe('');
    expect(formatFileSizeText('large', 'no')).toBe('large');
  });
});
