import { z } from 'zod';
import { endpoint } from '../endpoint';
import { zDayInput } from '../date-input';
import { zIdParam } from '../form-values';
import { MILESTONES, type DeadlineState, type Milestone } from '../milestones';

/** A milestone's days before the period's first day in system settings: 0 to a year. */
export const MAX_MILESTONE_DAYS = 365;

const digits = (v: unknown) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v.trim()) : v === '' ? undefined : v);

const zDaysBefore = z.preprocess(
  digits,
  z
    .number({ error: (issue) => (issue.input === undefined ? 'required_field' : 'digits_only') })
    .int('digits_only')
    .min(0, 'digits_only')
    .max(MAX_MILESTONE_DAYS, 'milestone_days_too_large'),
);

/** system_settings.milestone_days as a form sends it (`milestone_days[brief]=42`): every milestone. */
export const zMilestoneDays = z.object(Object.fromEntries(MILESTONES.map((m) => [m, zDaysBefore])) as Record<Milestone, typeof zDaysBefore>, {
  error: 'required_field',
});

/** The Oslo hour of the daily digest e-mail, 0–23. */
export const zDigestHour = z.preprocess(
  digits,
  z
    .number({ error: (issue) => (issue.input === undefined ? 'required_field' : 'digits_only') })
    .int('digits_only')
    .min(0, 'digest_hour_range')
    .max(23, 'digest_hour_range'),
);

/** A moved milestone: a day, or '' to go back to the default; absent leaves it as it is. */
const zMovedDay = z.preprocess((v) => (v === '' ? null : v), zDayInput({ invalid: 'invalid_date', missing: 'invalid_date' }).nullable().optional());

export const promotionMilestonesBody = z.object(Object.fromEntries(MILESTONES.map((m) => [m, zMovedDay])) as Record<Milestone, typeof zMovedDay>);
export type PromotionMilestonesBody = z.infer<typeof promotionMilestonesBody>;

export interface PromotionMilestoneRow {
  milestone: Milestone;
  due_on: string;
  /** The day from system settings' days before the period's first day. */
  default_on: string;
  moved: boolean;
  /** Its day was already past when the promotion was created: no badge (decision 031). */
  passed_at_creation: boolean;
  /** Its step is done (decision 018). */
  done: boolean;
  /** How it stands today while not done; null once done, after the period or when it was past at creation. */
  state: DeadlineState | null;
}

/** GET /api/promotions/{id}/milestones */
export interface PromotionMilestonesData {
  promotion_id: number;
  milestones: PromotionMilestoneRow[];
}

export const milestones = {
  get: endpoint({
    method: 'GET',
    path: '/api/promotions/{id}/milestones',
    access: 'promotions.view',
    params: zIdParam,
    summary: "A promotion's milestones: each day, its default, whether it was moved and whether its step is done",
    example: { params: { id: 1 } },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/promotions/{id}/milestones',
    access: 'promotions.edit',
    params: zIdParam,
    body: promotionMilestonesBody,
    summary: "Move a promotion's milestones (admin, cm-admin): a day per milestone sent, '' for its default",
    example: { params: { id: 1 }, body: { printed: '2027-02-20', delivered: '' } },
  }),
};
