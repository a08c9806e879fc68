import { describe, expect, it } from 'vitest';
import { addDays, deadlineState, DEFAULT_MILESTONE_DAYS, milestonesFor } from './milestones';

describe('milestones', () => {
  it('fall the set number of days before the first day, across months and leap days', () => {
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(milestonesFor('2027-03-01', DEFAULT_MILESTONE_DAYS).map((m) => m.due_on)).toEqual(['2027-01-18', '2027-02-01', '2027-02-08', '2027-02-15', '2027-02-22']);
  });

  it('keep a moved day, marked moved', () => {
    const moved = milestonesFor('2027-03-01', DEFAULT_MILESTONE_DAYS, { printed: '2027-02-20' });
    expect(moved.find((m) => m.milestone === 'printed')).toEqual({ milestone: 'printed', due_on: '2027-02-20', moved: true });
    expect(moved.filter((m) => m.moved)).toHaveLength(1);
  });

  it('are overdue after their day and due soon in the last three days', () => {
    expect(deadlineState('2027-02-20', '2027-02-21')).toBe('overdue');
    expect(deadlineState('2027-02-20', '2027-02-20')).toBe('due_soon');
    expect(deadlineState('2027-02-20', '2027-02-17')).toBe('due_soon');
    expect(deadlineState('2027-02-20', '2027-02-16')).toBe('on_time');
  });
});
