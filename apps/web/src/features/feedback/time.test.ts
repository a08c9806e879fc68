import { describe, expect, it } from 'vitest';
import { ageText, feedbackAge } from './time';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('feedbackAge', () => {
  it('counts minutes under an hour', () => {
    expect(feedbackAge(ago(0), NOW)).toEqual({ unit: 'minutes', count: 0 });
    expect(feedbackAge(ago(59 * 1000), NOW)).toEqual({ unit: 'minutes', count: 0 });
    expect(feedbackAge(ago(MIN), NOW)).toEqual({ unit: 'minutes', count: 1 });
    expect(feedbackAge(ago(59 * MIN + 59_999), NOW)).toEqual({ unit: 'minutes', count: 59 });
  });

  it('counts hours from 60 minutes to under 24 hours', () => {
    expect(feedbackAge(ago(60 * MIN), NOW)).toEqual({ unit: 'hours', count: 1 });
    expect(feedbackAge(ago(2 * HOUR + 59 * MIN), NOW)).toEqual({ unit: 'hours', count: 2 });
    expect(feedbackAge(ago(23 * HOUR + 59 * MIN), NOW)).toEqual({ unit: 'hours', count: 23 });
  });

  it('counts days from 24 hours on', () => {
    expect(feedbackAge(ago(DAY), NOW)).toEqual({ unit: 'days', count: 1 });
    expect(feedbackAge(ago(47 * HOUR), NOW)).toEqual({ unit: 'days', count: 1 });
    expect(feedbackAge(ago(400 * DAY), NOW)).toEqual({ unit: 'days', count: 400 });
  });

  it('treats a time in the future (clock skew) or a broken date as just now', () => {
    expect(feedbackAge(ago(-5 * MIN), NOW)).toEqual({ unit: 'minutes', count: 0 });
    expect(feedbackAge('not a date', NOW)).toEqual({ unit: 'minutes', count: 0 });
  });

  it('picks the text of the unit', () => {
    const t = ((key: string, o: { n: number }) => `${key}:${o.n}`) as never;
    expect(ageText(t, ago(5 * MIN), NOW)).toBe('feedback.age.minutes:5');
    expect(ageText(t, ago(5 * HOUR), NOW)).toBe('feedback.age.hours:5');
    expect(ageText(t, ago(5 * DAY), NOW)).toBe('feedback.age.days:5');
  });
});
