import { z } from 'zod';
import { endpoint } from '../endpoint';
import { zBool, zId, zIdParam, zOptionalText } from '../form-values';
import { listParams, searchText } from '../list-params';
import { nameField } from '../validation';
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

/** A date or date-time as the date picker sends it; '' and absent mean none. */
const zOptionalDate = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .string()
    .max(40)
    .refine((s) => !Number.isNaN(Date.parse(s)), 'invalid_date')
    .transform((s) => new Date(s))
    .optional(),
);

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

const requiredDate = (missing: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string({ error: missing })
      .max(40)
      .refine((s) => !Number.isNaN(Date.parse(s)), 'period_valid_dates')
      .transform((s) => new Date(s)),
  );

export const promotionBody = z
  .object({
    name: nameField,
    period_from: requiredDate('start_date_required'),
    period_to: requiredDate('end_date_required'),
    description: zOptionalText(20_000),
    manager_id: z.preprocess((v) => (v === '' || v === null ? null : v), zId.nullable()).default(null),
    show_in_user_promotions: zBool.default(false),
  })
  .refine((b) => b.period_from <= b.period_to, { path: ['period_to'], message: 'period_valid_dates' });
export type PromotionBody = z.infer<typeof promotionBody>;

export interface PromotionRow {
  id: number;
  name: string;
  description: string;
  img_url: string | null;
  url_images: UrlImages | null;
  status: number;
  show_in_user_promotions: boolean;
  period: { from: string; to: string };
  created_at: string;
  notify_admin: number | null;
  manager_id: number | null;
  who_created_id: number | null;
  who_created: { id: number; name: string } | null;
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

export const promotions = {
  list: endpoint({ method: 'GET', path: '/api/promotions', access: 'promotions.view', query: promotionsListQuery }),
  getAllCm: endpoint({ method: 'GET', path: '/api/promotions/get-all-cm-i', access: 'promotions.view' }),
  get: endpoint({ method: 'GET', path: '/api/promotions/{id}', access: 'promotions.view', params: zIdParam }),
  create: endpoint({ method: 'POST', path: '/api/promotions', access: 'promotions.create', body: promotionBody }),
  update: endpoint({ method: 'PUT', path: '/api/promotions/{id}', access: 'promotions.edit', params: zIdParam, body: promotionBody }),
  remove: endpoint({ method: 'DELETE', path: '/api/promotions/{id}', access: 'promotions.edit', params: zIdParam }),
  notifyAdmin: endpoint({
    method: 'POST',
    path: '/api/promotions/notify-admin-about-promotion',
    access: 'promotions.create',
    body: z.object({ promotion_id: zId }),
  }),
  setImage: endpoint({
    method: 'POST',
    path: '/api/files/promotions/{id}/set-image',
    access: 'promotions.create',
    params: zIdParam,
    body: setImageBody,
  }),
};

