import { describe, expect, it } from 'vitest';
import { addDays, deadlineOf, deadlineState, DEFAULT_MILESTONE_DAYS, milestonesFor, nextDeadline } from './milestones';

describe('milestones', () => {
  it('fall the set number of days before the first day, across months and leap days', () => {
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(milestonesFor('2027-03-01', DEFAULT_MILESTONE_DAYS).map((m) => m.due_on)).toEqual(['2027-01-18', '2027-02-01', '2027-02-08', '2027-02-15', '2027-02-22']);
  });

  it('keep a moved day, marked moved', () => {
    const moved = milestonesFor('2027-03-01', DEFAULT_MILESTONE_DAYS, { printed: '2027-02-20' });
    expect(moved.find((m) => m.milestone === 'printed')).toEqual({ milestone: 'printed', due_on: '2027-02-20', moved: true, passed_at_creation: false });
    expect(moved.filter((m) => m.moved)).toHaveLength(1);
  });

  it('are overdue after their day and due soon in the last three days', () => {
    expect(deadlineState('2027-02-20', '2027-02-21')).toBe('overdue');
    expect(deadlineState('2027-02-20', '2027-02-20')).toBe('due_soon');
    expect(deadlineState('2027-02-20', '2027-02-17')).toBe('due_soon');
    expect(deadlineState('2027-02-20', '2027-02-16')).toBe('on_time');
  });
});

describe('next deadline', () => {
  const list = { period_to: '2027-03-31', milestones: milestonesFor('2027-03-01', DEFAULT_MILESTONE_DAYS, {}, '2026-12-01') };
  const start = { briefs_sent: false, status: 0, sent_to_printers: false };
  it('is the brief while a design waits for its brief', () => {
    expect(nextDeadline(list, start, '2027-01-19')).toEqual({ milestone: 'brief', due_on: '2027-01-18', state: 'overdue' });
  });
  it('follows the steps done: briefs sent, designs complete, sent, printed, delivered', () => {
    expect(nextDeadline(list, { ...start, briefs_sent: true, status: 1 }, '2027-01-01')?.milestone).toBe('designs_complete');
    expect(nextDeadline(list, { ...start, status: 2 }, '2027-02-06')).toEqual({ milestone: 'sent_to_printers', due_on: '2027-02-08', state: 'due_soon' });
    expect(nextDeadline(list, { ...start, status: 2, sent_to_printers: true }, '2027-01-01')?.milestone).toBe('printed');
    expect(nextDeadline(list, { ...start, status: 3, sent_to_printers: true }, '2027-01-01')?.milestone).toBe('delivered');
    expect(nextDeadline(list, { ...start, status: 4, sent_to_printers: true }, '2027-01-01')).toBeNull();
  });
  it('names any milestone as it stands', () => {
    expect(deadlineOf(list, 'printed', '2027-01-01')).toEqual({ milestone: 'printed', due_on: '2027-02-15', state: 'on_time' });
  });
});

describe('badges (issue 22, decision 031)', () => {
  const start = { briefs_sent: false, status: 0, sent_to_printers: false };
  it('stop when the period has ended, whatever is left undone', () => {
    const schedule = { period_to: '2027-03-31', milestones: milestonesFor('2027-03-01', DEFAULT_MILESTONE_DAYS, {}, '2026-12-01') };
    expect(nextDeadline(schedule, start, '2027-03-31')).toMatchObject({ milestone: 'brief', state: 'overdue' });
    expect(nextDeadline(schedule, start, '2027-04-01')).toBeNull();
    expect(deadlineOf(schedule, 'delivered', '2027-04-01')).toBeNull();
  });

  it('never show a milestone that had passed when the promotion was created: the next one counts', () => {
    // Created on 10 February: brief, designs complete and sent to printers were past already.
    const list = milestonesFor('2027-03-01', DEFAULT_MILESTONE_DAYS, {}, '2027-02-10');
    expect(list.filter((m) => m.passed_at_creation).map((m) => m.milestone)).toEqual(['brief', 'designs_complete', 'sent_to_printers']);
    const schedule = { period_to: '2027-03-31', milestones: list };
    expect(nextDeadline(schedule, start, '2027-02-12')).toEqual({ milestone: 'printed', due_on: '2027-02-15', state: 'due_soon' });
    expect(deadlineOf(schedule, 'sent_to_printers', '2027-02-12')).toBeNull();
    // A milestone moved after the day of creation counts again.
    const moved = { period_to: '2027-03-31', milestones: milestonesFor('2027-03-01', DEFAULT_MILESTONE_DAYS, { sent_to_printers: '2027-02-12' }, '2027-02-10') };
    expect(nextDeadline(moved, start, '2027-02-13')).toEqual({ milestone: 'sent_to_printers', due_on: '2027-02-12', state: 'overdue' });
  });
});
