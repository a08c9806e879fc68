import { z } from 'zod';
import { parseDayInput, zDayInput, zOptionalDayInput } from '../date-input';
import { endpoint } from '../endpoint';
import { zBool, zId, zIdParam, zOptionalText } from '../form-values';
import { listParams, searchText } from '../list-params';
import { updateBodyOf } from '../update-body';
import { nameField } from '../validation';
import type { Milestone, PromotionDeadline } from '../milestones';
import { setImageBody, type UrlImages } from './surfaces';

/** Status names by stored value (spec 001 §4), sent as config_promotion_status. */
export const PROMOTION_STATUS_NAMES = [
  'Draft',
  'Designer working',
  'Designer completed',
  'Printed by the printer',
  'Sent by the distributor',
] as const;

export const PROMOTION_SORT_FIELDS = ['name', 'created_at', 'period', 'status'] as const;

/** An end of the date picker's range, as its Oslo calendar day; '' and absent mean none. */
const zOptionalDate = zOptionalDayInput('invalid_date');

export const promotionsListQuery = listParams({
  sortFields: PROMOTION_SORT_FIELDS,
  defaultSort: 'name',
  search: {
    field: z.enum(['name']).default('name'),
    input_value: searchText,
    only_active: zBool.default(false),
    date_picker: z.object({ from: zOptionalDate, to: zOptionalDate }).prefault({}),
  },
});
export type PromotionsListQuery = z.infer<typeof promotionsListQuery>;

const requiredDate = (missing: string) => zDayInput({ missing, invalid: 'period_valid_dates' });

const promotionFields = {
    name: nameField,
    period_from: requiredDate('start_date_required'),
    period_to: requiredDate('end_date_required'),
    description: zOptionalText(20_000),
    manager_id: z.preprocess((v) => (v === '' || v === null ? null : v), zId.nullable()).default(null),
    show_in_user_promotions: zBool.default(false),
};
/**
 * The period's end is not before its start (an update checks the merged period in the service).
 * Both are 'YYYY-MM-DD' days, so their text order is their calendar order.
 */
export const periodInOrder = (p: { period_from: string; period_to: string }) => p.period_from <= p.period_to;

/** Two date inputs name the same Oslo day; unreadable ones agree only as the same text (the date rule judges them). */
const sameDate = (a: unknown, b: unknown) => {
  if (a === b) return true;
  if (typeof a !== 'string' || typeof b !== 'string') return false;
  const [x, y] = [parseDayInput(a.trim()), parseDayInput(b.trim())];
  return !!x && x === y;
};

/**
 * A promotion is answered with `period {from, to}`, so a body may send it back that way
 * (`period[from]`, `period[to]`) beside or instead of `period_from`, `period_to`. Each end then meets
 * the same date rules; an end sent both ways must name the same date.
 */
const withPeriodObject = <S extends z.ZodType>(schema: S) =>
  z.preprocess((input, ctx) => {
    if (!input || typeof input !== 'object' || !('period' in input)) return input;
    const { period, ...body } = input as Record<string, unknown>;
    if (period === undefined || period === '') return body;
    if (!period || typeof period !== 'object' || Array.isArray(period)) {
      ctx.addIssue({ code: 'custom', path: ['period'], message: 'period_valid_dates', input: period });
      return body;
    }
    const ends = period as Record<string, unknown>;
    for (const [end, flat] of [['from', 'period_from'], ['to', 'period_to']] as const) {
      if (ends[end] === undefined) continue;
      if (body[flat] === undefined || body[flat] === '') body[flat] = ends[end];
      else if (!sameDate(body[flat], ends[end])) ctx.addIssue({ code: 'custom', path: [flat], message: 'period_mismatch', input: ends[end] });
    }
    return body;
  }, schema);

export const promotionBody = withPeriodObject(z.object(promotionFields).refine(periodInOrder, { path: ['period_to'], message: 'period_valid_dates' }));
export const promotionUpdateBody = withPeriodObject(updateBodyOf(promotionFields));
export type PromotionBody = z.infer<typeof promotionBody>;
export type PromotionUpdateBody = z.infer<typeof promotionUpdateBody>;

export interface PromotionRow {
  id: number;
  name: string;
  description: string;
  img_url: string | null;
  url_images: UrlImages | null;
  status: number;
  show_in_user_promotions: boolean;
  /** Calendar days in Oslo, 'YYYY-MM-DD': the period runs from the start of `from` to 23:59:59.999 of `to`, Oslo time. */
  period: { from: string; to: string };
  created_at: string;
  notify_admin: number | null;
  manager_id: number | null;
  who_created_id: number | null;
  who_created: { id: number; name: string } | null;
  /** When it was sent to the printers; null while not sent (or taken back). */
  sent_to_printers_at: string | null;
  /** The next open milestone as it stands today (decision 018); null when every step is done. */
  deadline: PromotionDeadline | null;
}

export interface PromotionsListData {
  promotions: PromotionRow[];
  total: number;
  config_promotion_status: string[];
}

export interface PromotionData {
  promotion: PromotionRow;
  /** Event name -> when it last happened. */
  history: Record<string, string>;
}

/** A milestone whose day had passed when the promotion was created. */
export interface PassedMilestone {
  milestone: Milestone;
  due_on: string;
}

/** POST /api/promotions: the promotion, and the milestones already past on the day it was created (decision 031). */
export interface PromotionCreatedData extends PromotionData {
  passed_milestones: PassedMilestone[];
}

export const promotions = {
  list: endpoint({
    method: 'GET',
    path: '/api/promotions',
    access: 'promotions.view',
    query: promotionsListQuery,
    summary: 'List promotions a page at a time, searched, filtered by period and sorted',
    example: {
      query: {
        count_show: 10,
        start_index: 0,
        obj_search: { field: 'name', input_value: 'påske', only_active: false, date_picker: { from: '2027-03-01', to: '2027-04-30' } },
        sort_by: 'period',
        sort_count: 2,
      },
    },
  }),
  getAllCm: endpoint({
    method: 'GET',
    path: '/api/promotions/get-all-cm-i',
    access: 'promotions.view',
    summary: 'The users who may be responsible for a promotion',
    example: {},
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/promotions/{id}',
    access: 'promotions.view',
    params: zIdParam,
    summary: 'One promotion with its history',
    example: { params: { id: 14 } },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/promotions',
    access: 'promotions.create',
    body: promotionBody,
    answer: 'created',
    summary: 'Create a promotion for a period of Oslo calendar days',
    example: {
      body: {
        name: 'Påskekampanje 2027',
        period_from: '2027-03-15',
        period_to: '2027-04-05',
        description: '<p>Påskeegg, kaffe og boller på alle stasjoner.</p>',
        manager_id: 12,
        show_in_user_promotions: true,
      },
    },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/promotions/{id}',
    access: 'promotions.edit',
    params: zIdParam,
    body: promotionUpdateBody,
    summary: 'Change a promotion: only the fields sent (the period as period_from/period_to or period[from]/period[to])',
    example: { params: { id: 14 }, body: { period_to: '2027-04-07', show_in_user_promotions: true } },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/promotions/{id}',
    access: 'promotions.edit',
    params: zIdParam,
    summary: 'Delete a promotion',
    example: { params: { id: 14 } },
  }),
  notifyAdmin: endpoint({
    method: 'POST',
    path: '/api/promotions/notify-admin-about-promotion',
    access: 'promotions.create',
    body: z.object({ promotion_id: zId }),
    summary: "Tell the promotions admin that a promotion's surfaces and designs are ready",
    example: { body: { promotion_id: 14 } },
  }),
  setImage: endpoint({
    method: 'POST',
    path: '/api/files/promotions/{id}/set-image',
    access: 'promotions.create',
    params: zIdParam,
    body: setImageBody,
    summary: "Set a promotion's image: an upload of the upload step (file_id) or base64 (img_url)",
    example: { params: { id: 14 }, body: { file_id: 313, img_name: 'paaske-2027.jpg', make_size: ['original', 'w_200'] } },
  }),
};
