/*
 * A promotion's milestones (issue 15): each falls a number of days before the period's first day
 * (system settings' `milestone_days`), unless an admin or cm-admin moved it for the promotion.
 * Days are Oslo calendar days, 'YYYY-MM-DD' (decision 012).
 */
export const MILESTONES = ['brief', 'designs_complete', 'sent_to_printers', 'printed', 'delivered'] as const;
export type Milestone = (typeof MILESTONES)[number];
export type MilestoneDays = Record<Milestone, number>;

export const DEFAULT_MILESTONE_DAYS: MilestoneDays = { brief: 42, designs_complete: 28, sent_to_printers: 21, printed: 14, delivered: 7 };
/** A milestone this many days ahead (or fewer) is due soon. */
export const DUE_SOON_DAYS = 3;

export interface MilestoneDue {
  milestone: Milestone;
  due_on: string;
  /** Moved for this promotion, not the default. */
  moved: boolean;
  /** Its day was already past on the day the promotion was created: said once then, never overdue (decision 031). */
  passed_at_creation: boolean;
}

/** A promotion's milestones and the last day of its period, after which no milestone has a badge (decision 031). */
export interface PromotionSchedule {
  period_to: string;
  milestones: MilestoneDue[];
}

/** `day` moved by `days` (negative: earlier), as 'YYYY-MM-DD'. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both 'YYYY-MM-DD'). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The milestones of a period: each default, or the moved day where there is one. `createdOn` is the
 * Oslo day the promotion was created ('' for none): a milestone before it had passed already.
 */
export function milestonesFor(periodFrom: string, days: MilestoneDays, moved: Partial<Record<Milestone, string>> = {}, createdOn = ''): MilestoneDue[] {
  return MILESTONES.map((milestone) => {
    const due_on = moved[milestone] ?? addDays(periodFrom, -days[milestone]);
    return { milestone, due_on, moved: moved[milestone] !== undefined, passed_at_creation: due_on < createdOn };
  });
}

/** Whether a milestone not done can have a badge on `today`: the period still runs and it was not past at creation. */
export const milestoneTracked = (schedule: PromotionSchedule, m: MilestoneDue, today: string) => today <= schedule.period_to && !m.passed_at_creation;

export type DeadlineState = 'overdue' | 'due_soon' | 'on_time';

/** How a deadline stands on `today` for work not yet done. */
export function deadlineState(dueOn: string, today: string): DeadlineState {
  const left = daysBetween(today, dueOn);
  if (left < 0) return 'overdue';
  if (left <= DUE_SOON_DAYS) return 'due_soon';
  return 'on_time';
}

/** The milestone a list shows for a promotion: the first one not done, with how it stands today. */
export interface PromotionDeadline {
  milestone: Milestone;
  due_on: string;
  state: DeadlineState;
}

/**
 * How far a promotion has come (decision 018). A milestone is done when its step is done:
 * brief — every live design has left Created (its brief went to the designers), or the designs are
 * complete; designs_complete — every design Completed, status Designer completed or later, or sent
 * to printers;
 * sent_to_printers — a print report exists; printed — status Printed by the printer or later;
 * delivered — status Sent by the distributor.
 */
export interface PromotionProgress {
  /** At least one design not Cancelled, and none of them Created. */
  briefs_sent: boolean;
  /** At least one design, and every one Completed. */
  designs_completed?: boolean;
  status: number;
  sent_to_printers: boolean;
}

export function milestonesDone(p: PromotionProgress): Record<Milestone, boolean> {
  const designsComplete = !!p.designs_completed || p.status >= 2 || p.sent_to_printers;
  return {
    brief: p.briefs_sent || designsComplete,
    designs_complete: designsComplete,
    sent_to_printers: p.sent_to_printers,
    printed: p.status >= 3,
    delivered: p.status >= 4,
  };
}

/** A milestone as it stands on `today`; null once the period has ended or when it was past at creation. */
export function deadlineOf(schedule: PromotionSchedule | undefined, milestone: Milestone, today: string): PromotionDeadline | null {
  const m = schedule?.milestones.find((x) => x.milestone === milestone);
  return m && milestoneTracked(schedule!, m, today) ? { milestone, due_on: m.due_on, state: deadlineState(m.due_on, today) } : null;
}

/**
 * The next open milestone: the first not done that can have a badge (one past when the promotion was
 * created is skipped); null when every step is done or the period has ended.
 */
export function nextDeadline(schedule: PromotionSchedule, progress: PromotionProgress, today: string): PromotionDeadline | null {
  const done = milestonesDone(progress);
  const open = schedule.milestones.find((m) => !done[m.milestone] && milestoneTracked(schedule, m, today));
  return open ? deadlineOf(schedule, open.milestone, today) : null;
}
