import { z } from 'zod';
import { endpoint } from '../endpoint';
import type { Role } from '../constants';
import { can } from '../permissions';
import { zId, zInt } from '../form-values';
import { promotionsListQuery, type PromotionRow } from './promotions';

/** A pair's column in the report: one surface-design (PSD) of the promotion. `design_id` is the PSD id. */
export interface ReportColumn {
  id: number;
  surface_id: number;
  design_id: number;
  name: string;
  surface_name: string;
  design_name: string;
  printer_id: number | null;
  printer_name: string | null;
  sum: number;
  percent: number;
  total: number;
  /** The surface's price per unit, 2 decimals. */
  price: string;
  /** Total × price, 2 decimals; only for admin and cm-admin, else null. */
  total_price: string | null;
  /** In a printed parcel already. */
  printed: boolean;
}

export interface ReportCell {
  id: number;
  amount: number;
  printer_id: number | null;
  surface_id: number;
  design_id: number;
  /** Delivered to this station by the distributor. */
  sent: boolean;
}

export interface ReportRow {
  id: number;
  user_id: number;
  name: string;
  company_name: string;
  address: string;
  group: string | null;
  categories: string[];
  surfaces: ReportCell[];
  /** Every pair due to this station has been delivered. */
  all_sent: boolean;
}

export interface PrintedParcel {
  id: number;
  printer: { id: number; name: string } | null;
  printer_tracker_number: string;
  description: string;
  created_at: string;
  sent_surfaces: { surface: { id: number }; design: { id: number } }[];
}

export interface DistributorParcel {
  id: number;
  company_id: number;
  tracker_number: string;
  description: string;
  created_at: string;
  sent_surfaces: { surface_id: number; design_id: number; name: string; amount: number }[];
}

export interface StationCount {
  id: number;
  user_id: number;
  name: string;
  sent_surfaces: number;
  total_surfaces: number;
  tracker_number: string[];
}

/** A printed parcel and whether the distributor has passed all its pairs on. */
export interface PrinterParcelStatus {
  id: number;
  tracker_number: string;
  surfaces: { surface: { id: number; name: string }; design: { id: number; name: string } }[];
  status: 'at_distributor' | 'distributed';
}

export type StationParcelStatus = { id: number; status: 'not_sent' | 'partly_sent' | 'sent' };

export interface ReportData {
  promotion: PromotionRow;
  columns: ReportColumn[];
  user_obj: ReportRow[];
  percent: number;
  print_report: { percent: number; description_cm: string; sent_at: string } | null;
  printed_promotions: PrintedParcel[];
  use_users: PrinterParcelStatus[];
  arr_users_count_surfaces: StationCount[];
  distributor_parcels: DistributorParcel[];
  /** The carrier's tracking page, with `{tracker}` where the number goes. */
  tracking_url: string;
}

/** The totals rows under the stations, in order: the web report and its Excel file show the same ones. */
export const REPORT_TOTAL_ROWS = ['sum', 'percent', 'total', 'price', 'total_price'] as const;
export type ReportTotalRow = (typeof REPORT_TOTAL_ROWS)[number];

/** The totals rows a role sees: Total price only for admin and cm-admin (spec 001 §2.6). */
export const reportTotalRows = (role: Role | null | undefined): ReportTotalRow[] =>
  REPORT_TOTAL_ROWS.filter((r) => r !== 'total_price' || can(role, 'reports.seePrice'));

const promotionId = z.object({ promotion_id: zId });
/** A list from qs (`x[0][a]=1` or `x[]`) of objects. */
const objectList = <T extends z.ZodType>(item: T, max = 5000) =>
  z.preprocess((v) => {
    if (v === '' || v === undefined || v === null) return [];
    if (Array.isArray(v)) return v;
    if (typeof v === 'object') return Object.values(v as Record<string, unknown>);
    return v;
  }, z.array(item).max(max));

const pair = z.object({ surface_id: zId, design_id: zId });

export const reports = {
  view: endpoint({
    method: 'GET',
    path: '/api/promotions/promotion-report-view',
    access: 'reports.view',
    query: promotionId.extend({ percent: z.preprocess((v) => (v === '' ? undefined : v), zInt({ min: 0, max: 10_000 }).optional()) }),
  }),
  printerParcels: endpoint({ method: 'GET', path: '/api/promotions/get-status-printer-parcels', access: 'reports.view', query: promotionId }),
  stationParcels: endpoint({ method: 'GET', path: '/api/promotions/get-status-distributor-parcels', access: 'reports.view', query: promotionId }),
  sendToPrinters: endpoint({
    method: 'POST',
    path: '/api/promotion-surface-design/sending-notification-printers',
    access: 'reports.send',
    body: promotionId.extend({
      percent_report: zInt({ min: 0, max: 10_000 }),
      description_cm: z.preprocess((v) => v ?? '', z.string().trim().max(5000, 'max_length')),
    }),
  }),
  /** Admin only, while nothing is printed: the print report goes, so files and designs may change again (decision 011). */
  takeBack: endpoint({
    method: 'POST',
    path: '/api/promotion-surface-design/take-back-from-printers',
    access: 'reports.takeBack',
    body: promotionId,
  }),
  excel: endpoint({
    method: 'POST',
    path: '/api/xl-file/make-file',
    access: 'reports.send',
    body: promotionId.extend({
      promotion_name: z.preprocess((v) => v ?? '', z.string().max(500)),
      display_address: z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean()),
      display_categories: z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean()),
      number_percent: z.preprocess((v) => (v === '' ? undefined : v), zInt({ min: 0, max: 10_000 }).optional()),
    }),
  }),
  excelDownload: endpoint({
    method: 'GET',
    path: '/api/xl-file/download/{token}',
    access: 'reports.send',
    params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) }),
    cookieAuth: true,
  }),
};

export interface PrintReportRow {
  surface: { id: number; name: string; url_images: { original: string; w_200: string } | null };
  design: { id: number; name: string };
  image: { url: string; chat_id: number; message_id: number } | null;
  document: { url: string; chat_id: number; message_id: number } | null;
  total: number;
  tracker_number: string | null;
}

export interface PrintReportData {
  promotion: PromotionRow;
  rows: PrintReportRow[];
  printed: PrintedParcel[];
  distributor: { name: string; address: string; phone: string } | null;
  print_report: { description_cm: string; percent: number; sent_at: string };
}

export const print = {
  list: endpoint({ method: 'GET', path: '/api/print-promotion-report/get-promotions', access: 'print.view', query: promotionsListQuery }),
  report: endpoint({ method: 'GET', path: '/api/print-promotion-report/get-report', access: 'print.view', query: promotionId }),
  setPrinted: endpoint({
    method: 'POST',
    path: '/api/print-promotion-report/set-printed',
    access: 'print.view',
    body: promotionId.extend({
      printer_tracker_number: z.preprocess((v) => v ?? '', z.string().trim().min(1, 'tracker_number_required').max(200, 'max_length')),
      sent_surfaces: objectList(pair).refine((l) => l.length > 0, 'choose_surfaces'),
      description: z.preprocess((v) => v ?? '', z.string().trim().max(5000, 'max_length')),
    }),
  }),
  /** The newest live HQ file of a design's chat, streamed (kind image or document). */
  download: endpoint({
    method: 'GET',
    path: '/api/print-promotion-report/download-file',
    access: 'print.view',
    query: promotionId.extend({ design_id: zId, kind: z.enum(['image', 'document']) }),
    cookieAuth: true,
  }),
};

export const distribution = {
  list: endpoint({ method: 'GET', path: '/api/promotion-distributor/get-promotions', access: 'distribution.view', query: promotionsListQuery }),
  setTracker: endpoint({
    method: 'POST',
    path: '/api/promotion-distributor/set-distributor-tracker',
    access: 'distribution.view',
    body: promotionId.extend({
      company_id: zId,
      tracker_number: z.preprocess((v) => v ?? '', z.string().trim().max(200, 'max_length')),
      sent_surfaces: objectList(pair.extend({ amount: z.unknown().optional(), name: z.unknown().optional() })).refine((l) => l.length > 0, 'choose_surfaces'),
      description: z.preprocess((v) => v ?? '', z.string().trim().max(5000, 'max_length')),
    }),
  }),
};
