import { z } from 'zod';
import { endpoint } from '../endpoint';
import { zBool, zId, zIdParam } from '../form-values';
import { listParams, searchText } from '../list-params';
import { promotionsListQuery, type PromotionRow } from './promotions';
import type { PsdStatus } from './promotion-design';
import { SURFACE_SEARCH_FIELDS, type UrlImages } from './surfaces';
import type { ParcelReceipt, PlacementSurface } from './delivery';

/**
 * The station's own calls (spec 001 §2.11–2.13, §7 Company). Every call works on the signed-in
 * station: an id of a station in the request is refused, never used.
 */
export const FOREIGN_ID_FIELDS = ['company_id', 'station_id', 'user_id'] as const;
const refused = z.never({ error: 'own_station_only' }).optional();
const ownStationOnly = { company_id: refused, station_id: refused, user_id: refused };

/** A planner amount: digits only, at least 0, a whole number. */
export const MAX_PLANNER_AMOUNT = 1_000_000;
export const zPlannerAmount = z.preprocess(
  (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v.trim()) : v),
  z
    .number({ error: 'amount_digits_only' })
    .int('amount_digits_only')
    .min(0, 'amount_min_0')
    .max(MAX_PLANNER_AMOUNT, 'amount_too_large'),
);

export type AmountTextError = 'amount_whole_number' | 'amount_min_0' | 'amount_digits_only' | 'amount_too_large';

/**
 * What is wrong with a typed amount (issue 21), or null when it is a whole number from 0 to
 * MAX_PLANNER_AMOUNT (spaces around it allowed). Nothing is reinterpreted: "2.5" and "2,5" are not
 * whole, "-3" is below 0, "1e3" and "12abc" are not digits; the field says so and keeps the text.
 */
export function amountTextError(text: string): AmountTextError | null {
  const value = text.trim();
  if (/^\d+$/.test(value)) return Number(value) > MAX_PLANNER_AMOUNT ? 'amount_too_large' : null;
  if (/^-\s*\d+([.,]\d*)?$/.test(value)) return 'amount_min_0';
  if (/^\d*[.,]\d+$|^\d+[.,]$/.test(value)) return 'amount_whole_number';
  return 'amount_digits_only';
}

export const PLANNER_SORT_FIELDS = ['vendor_code', 'name', 'type_surface', 'size_surface', 'description', 'amount'] as const;
export const plannerListQuery = listParams({
  sortFields: PLANNER_SORT_FIELDS,
  defaultSort: 'vendor_code',
  search: {
    field: z.enum(SURFACE_SEARCH_FIELDS).default('name'),
    input_value: searchText,
  },
})
  .extend({ only_quantity: zBool.default(false) })
  .extend(ownStationOnly);
export type PlannerListQuery = z.infer<typeof plannerListQuery>;

export const HISTORY_SORT_FIELDS = ['time', 'user_name', 'surface_name'] as const;
export const historyListQuery = listParams({
  sortFields: HISTORY_SORT_FIELDS,
  defaultSort: 'time',
  search: {},
}).extend(ownStationOnly);
export type HistoryListQuery = z.infer<typeof historyListQuery>;

export const saveAmountBody = z.object({ surface_id: zId, amount: zPlannerAmount, ...ownStationOnly });
export type SaveAmountBody = z.infer<typeof saveAmountBody>;

export const userPromotionsQuery = promotionsListQuery.extend(ownStationOnly);

export interface PlannerSurface {
  id: number;
  name: string;
  vendor_code: number;
  type_surface: string;
  size_surface: string;
  description: string;
  url_images: UrlImages | null;
  /** Status flag 1 'is locked for users': the station cannot change its amount. */
  locked: boolean;
}

export interface PlannerListData {
  surfaces: PlannerSurface[];
  total: number;
  /** The station's amount of each listed surface (0 when it has none), by surface id. */
  userSurfacesData: Record<string, number>;
}

export interface SaveAmountData {
  surface_id: number;
  amount: number;
  /** false when the amount was already this value (nothing written). */
  changed: boolean;
}

export interface PlannerHistoryRow {
  id: number;
  updated_at: string;
  user_name: string;
  surface_name: string;
  old_value: number;
  new_value: number;
}

export interface PlannerHistoryData {
  history: PlannerHistoryRow[];
  total: number;
}

export interface UserCompanyPlannerData {
  /** Every planner amount of the station. */
  surfacesArr: { surface_id: number; amount: number }[];
  distributor: { name: string; address: string; phone: string } | null;
}

/** A distributor parcel as a station sees it (spec 001 §3 'Company-side distributor parcel'). */
export interface CompanyParcel {
  id: number;
  tracker_number: string;
  /** The carrier's tracking page of this parcel, or null without a tracker number. */
  tracker_url: string | null;
  description: string;
  created_at: string;
  sent_surfaces: { name: string; amount: number; surface_id: number; design_id: number }[];
  /** The station's confirmation of the parcel, null before (decision 019). */
  receipt: ParcelReceipt | null;
}

/** One surface/design of a promotion that the station receives. */
export interface UserPromotionRow {
  /** The promotion surface design (PSD) id. */
  id: number;
  surface: { id: number; name: string };
  design: { id: number; name: string; data: { status: PsdStatus } };
  /** The station's planned amount of the surface today. */
  planned_amount: number;
  /** Delivered to this station: the amount sent and the parcel; null before. */
  sent: { amount: number; tracker_number: string; tracker_url: string | null; description: string; parcel_id: number; sent_at: string } | null;
}

export interface UserPromotionData {
  promotion: PromotionRow;
  surfaces: UserPromotionRow[];
  distributor_parcels: CompanyParcel[];
  /** The carrier's tracking page, with `{tracker}` where the number goes. */
  tracking_url: string;
  /** The surfaces delivered to the station, each with its placement photos (decision 019). */
  placement: PlacementSurface[];
}

export const company = {
  userPromotions: endpoint({
    method: 'GET',
    path: '/company_api/user-promotion',
    access: 'company.view',
    query: userPromotionsQuery,
    summary: "The promotions the calling station takes part in, a page at a time",
    example: {
      query: {
        count_show: 10,
        start_index: 0,
        obj_search: { field: 'name', input_value: 'påske', only_active: true, date_picker: { from: '2027-03-01', to: '2027-04-30' } },
        sort_by: 'period',
        sort_count: 1,
      },
    },
  }),
  /** The eye modal of /user-promotions (not named by the specification). */
  userPromotion: endpoint({
    method: 'GET',
    path: '/company_api/user-promotion/{id}',
    access: 'company.view',
    params: zIdParam,
    query: z.object(ownStationOnly),
    summary: "One promotion as the calling station receives it: its surface-designs, amounts and parcels",
    example: { params: { id: 14 }, query: {} },
  }),
  planner: endpoint({
    method: 'GET',
    path: '/company_api/company-planner',
    access: 'company.view',
    query: plannerListQuery,
    summary: "The surfaces with the calling station's planned amounts, a page at a time",
    example: {
      query: { count_show: 25, start_index: 0, obj_search: { field: 'name', input_value: 'plakat' }, sort_by: 'amount', sort_count: 1, only_quantity: true },
    },
  }),
  saveAmount: endpoint({
    method: 'POST',
    path: '/company_api/company-planner/save-amount-company-planner',
    access: 'company.view',
    body: saveAmountBody,
    summary: "Set the calling station's planned amount of a surface",
    example: { body: { surface_id: 23, amount: 4 } },
  }),
  history: endpoint({
    method: 'GET',
    path: '/company_api/history-planner',
    access: 'company.view',
    query: historyListQuery,
    summary: "The changes of the calling station's planned amounts, a page at a time",
    example: { query: { count_show: 10, start_index: 0, sort_by: 'time', sort_count: 1 } },
  }),
  userPlanner: endpoint({
    method: 'GET',
    path: '/company_api/users/get-user-company-planner',
    access: 'company.view',
    query: z.object(ownStationOnly),
    summary: "Every planned amount of the calling station, and its distributor",
    example: { query: {} },
  }),
};
