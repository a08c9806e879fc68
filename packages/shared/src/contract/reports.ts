import { z } from 'zod';
import { endpoint } from '../endpoint';
import type { Role } from '../constants';
import { can } from '../permissions';
import { zId, zInt } from '../form-values';
import type { Preflight, PreflightCheck, PreflightStatus } from './proofing';
import { promotionsListQuery, type PromotionRow } from './promotions';
import type { DeliveryFollowUp, ParcelReceipt } from './delivery';

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
  /** The station's confirmation, null before (decision 019). */
  receipt: ParcelReceipt | null;
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
  /** Per station: sent → received → placed, and who is late to confirm (decision 019). */
  delivery: DeliveryFollowUp;
  /** Whether the caller may send this promotion to the printers, once it can be sent (decision 026). */
  may_send_to_printers: boolean;
}

/** A design whose current HQ file's preflight matters when the promotion is sent to printers (decision 017). */
export interface PreflightDesign {
  psd_id: number;
  surface_name: string;
  design_name: string;
  file_name: string;
  kind: 'image' | 'document';
  chat_id: number;
  /** The HQ message's number in the chat. */
  message_id: number;
  status: PreflightStatus;
  /** The checks at level error (for preflight_errors); empty for pending and failed ones. */
  checks: PreflightCheck[];
}

/**
 * Send to printers and the preflight: refused (422 `preflight_errors`) with all three lists while a
 * current HQ file has errors and no admin confirmed; a success names the last two, which never block.
 */
export interface SendToPrintersPreflight {
  preflight_errors: PreflightDesign[];
  /** Not checked yet. */
  preflight_pending: PreflightDesign[];
  /** The file could not be read, so nothing is known about it. */
  preflight_failed: PreflightDesign[];
}

/**
 * A successful send's answer: `data` is what the specification says, the surfaces without a printer
 * (none), and the preflight's notes stand beside it under `preflight` (decision 026).
 */
export interface SentToPrintersAnswer {
  data: { id: number; name: string }[];
  preflight: Pick<SendToPrintersPreflight, 'preflight_pending' | 'preflight_failed'>;
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

/** A promotions list request, as the printer's and the distributor's lists take it. */
const LIST_EXAMPLE = { query: { count_show: 10, start_index: 0, obj_search: { field: 'name', input_value: 'påske', only_active: true }, sort_by: 'period', sort_count: 2 } } as const;

export const reports = {
  view: endpoint({
    method: 'GET',
    path: '/api/promotions/promotion-report-view',
    access: 'reports.view',
    query: promotionId.extend({ percent: z.preprocess((v) => (v === '' ? undefined : v), zInt({ min: 0, max: 10_000 }).optional()) }),
    summary: "A promotion's report: stations × surface-designs with amounts (plus percent), totals and parcels",
    example: { query: { promotion_id: 14, percent: 10 } },
  }),
  printerParcels: endpoint({
    method: 'GET',
    path: '/api/promotions/get-status-printer-parcels',
    access: 'reports.view',
    query: promotionId,
    summary: "Each printed parcel of a promotion and whether the distributor has passed it on",
    example: { query: { promotion_id: 14 } },
  }),
  stationParcels: endpoint({
    method: 'GET',
    path: '/api/promotions/get-status-distributor-parcels',
    access: 'reports.view',
    query: promotionId,
    summary: "Each station's delivery status of a promotion",
    example: { query: { promotion_id: 14 } },
  }),
  sendToPrinters: endpoint({
    method: 'POST',
    path: '/api/promotion-surface-design/sending-notification-printers',
    access: 'reports.send',
    body: promotionId.extend({
      percent_report: zInt({ min: 0, max: 10_000 }),
      description_cm: z.preprocess((v) => v ?? '', z.string().trim().max(5000, 'max_length')),
      /** An admin's confirmation to send although current HQ files have preflight errors (decision 017). */
      confirm_preflight: z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean()),
    }),
    summary: "Send a promotion to its surfaces' printers, the amounts raised by percent_report; HQ files with preflight errors need an admin's confirm_preflight",
    example: { body: { promotion_id: 14, percent_report: 10, description_cm: 'Pakk per stasjon, merk med stasjonsnavn.', confirm_preflight: false } },
  }),
  /** Admin only, while nothing is printed: the print report goes, so files and designs may change again (decision 011). */
  takeBack: endpoint({
    method: 'POST',
    path: '/api/promotion-surface-design/take-back-from-printers',
    access: 'reports.takeBack',
    body: promotionId,
    summary: 'Take a promotion back from the printers while nothing of it is printed',
    example: { body: { promotion_id: 14 } },
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
    summary: "Make the report's Excel file: answers a short-lived token for xl-file/download",
    example: { body: { promotion_id: 14, promotion_name: 'Påskekampanje 2027', display_address: true, display_categories: false, number_percent: 10 } },
  }),
  excelDownload: endpoint({
    method: 'GET',
    path: '/api/xl-file/download/{token}',
    access: 'reports.send',
    params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) }),
    cookieAuth: true,
    answer: 'file',
    summary: 'Download an Excel file that make-file made for the caller',
    example: { params: { token: 'Vq3kP9xZt2LmN8bR4sWc7YhJ0eFgA1dU' } },
  }),
};

/** A printer's file of a pair: the newest live HQ image or document, and what its preflight found. */
export interface PrintReportFile {
  url: string;
  chat_id: number;
  message_id: number;
  preflight: Preflight | null;
}

export interface PrintReportRow {
  surface: { id: number; name: string; url_images: { original: string; w_200: string } | null };
  design: { id: number; name: string };
  image: PrintReportFile | null;
  document: PrintReportFile | null;
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
  list: endpoint({
    method: 'GET',
    path: '/api/print-promotion-report/get-promotions',
    access: 'print.view',
    query: promotionsListQuery,
    summary: 'The promotions sent to the calling printer, a page at a time',
    example: LIST_EXAMPLE,
  }),
  report: endpoint({
    method: 'GET',
    path: '/api/print-promotion-report/get-report',
    access: 'print.view',
    query: promotionId,
    summary: "A promotion's print report: the calling printer's surface-designs, amounts, files and parcels",
    example: { query: { promotion_id: 14 } },
  }),
  setPrinted: endpoint({
    method: 'POST',
    path: '/api/print-promotion-report/set-printed',
    access: 'print.view',
    body: promotionId.extend({
      printer_tracker_number: z.preprocess((v) => v ?? '', z.string().trim().min(1, 'tracker_number_required').max(200, 'max_length')),
      sent_surfaces: objectList(pair).refine((l) => l.length > 0, 'choose_surfaces'),
      description: z.preprocess((v) => v ?? '', z.string().trim().max(5000, 'max_length')),
    }),
    summary: 'Register a printed parcel to the distributor: its tracker number and surface-designs',
    example: {
      body: { promotion_id: 14, printer_tracker_number: '370723456789012', sent_surfaces: [{ surface_id: 23, design_id: 205 }], description: 'Pall 1 av 2' },
    },
  }),
  /** The newest live HQ file of a design's chat, streamed (kind image or document). */
  download: endpoint({
    method: 'GET',
    path: '/api/print-promotion-report/download-file',
    access: 'print.view',
    query: promotionId.extend({ design_id: zId, kind: z.enum(['image', 'document']) }),
    cookieAuth: true,
    answer: 'file',
    summary: "The newest HQ file of a surface-design's chat, streamed",
    example: { query: { promotion_id: 14, design_id: 205, kind: 'document' } },
  }),
};

export const distribution = {
  list: endpoint({
    method: 'GET',
    path: '/api/promotion-distributor/get-promotions',
    access: 'distribution.view',
    query: promotionsListQuery,
    summary: 'The promotions with printed parcels to distribute, a page at a time',
    example: LIST_EXAMPLE,
  }),
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
    summary: 'Register a parcel delivered to a station: its tracker number and surface-designs',
    example: {
      body: {
        promotion_id: 14,
        company_id: 57,
        tracker_number: '370000012345678',
        sent_surfaces: [{ surface_id: 23, design_id: 205 }],
        description: 'Levert med morgenbilen',
      },
    },
  }),
};
