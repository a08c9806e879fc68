import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay } from './format';

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
