import { describe, expect, it } from 'vitest';
import { formatTimeOfDay } from './format';

describe('formatTimeOfDay', () => {
  it('gives the time in Oslo for today, and the date too for another day', () => {
    const now = new Date('2026-11-25T20:00:00Z');
    expect(formatTimeOfDay('2026-11-25T13:32:00Z', 'no', now)).toBe('14:32');
    expect(formatTimeOfDay('2026-11-25T13:32:00Z', 'en', now)).toBe('14:32');
    // 23:30 UTC on the 24th is already the 25th in Oslo.
    expect(formatTimeOfDay('2026-11-24T23:30:00Z', 'no', now)).toBe('00:30');
    expect(formatTimeOfDay('2026-11-24T13:32:00Z', 'no', now)).toBe('24.11.2026, 14:32');
  });
});
