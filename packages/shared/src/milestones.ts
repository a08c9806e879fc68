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

/** The milestones of a period: each default, or the moved day where there is one. */
export function milestonesFor(periodFrom: string, days: MilestoneDays, moved: Partial<Record<Milestone, string>> = {}): MilestoneDue[] {
  return MILESTONES.map((milestone) => ({
    milestone,
    due_on: moved[milestone] ?? addDays(periodFrom, -days[milestone]),
    moved: moved[milestone] !== undefined,
  }));
}

export type DeadlineState = 'overdue' | 'due_soon' | 'on_time';

/** How a deadline stands on `today` for work not yet done. */
export function deadlineState(dueOn: string, today: string): DeadlineState {
  const left = daysBetween(today, dueOn);
  if (left < 0) return 'overdue';
  if (left <= DUE_SOON_DAYS) return 'due_soon';
  return 'on_time';
}
