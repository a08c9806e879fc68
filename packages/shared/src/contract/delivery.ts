import { z } from 'zod';
import { endpoint } from '../endpoint';
import { zBool, zId, zIdParam } from '../form-values';
import type { UrlImages } from './surfaces';

/*
 * After the distributor's parcel (issue 15, decision 019): the station confirms receipt of each of
 * its parcels and proves placement with photos per surface; the distributor imports tracker
 * numbers for many stations from a CSV or Excel file.
 */

export const RECEIPT_STATUSES = ['ok', 'problem'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];
export const MAX_RECEIPT_NOTE = 2000;
/** Photos a station may keep per surface of a promotion. */
export const MAX_PLACEMENT_PHOTOS_PER_SURFACE = 10;
/** The longest tracker number, as the single tracker form takes it. */
export const MAX_TRACKER_LENGTH = 200;
/** Rows a tracker file may hold (a promotion has a few thousand stations at most). */
export const MAX_TRACKER_IMPORT_ROWS = 5000;
/** Bytes a tracker file may have. */
export const MAX_TRACKER_IMPORT_BYTES = 5 * 1024 * 1024;
export const TRACKER_IMPORT_EXTENSIONS = ['csv', 'txt', 'xlsx'] as const;

/** A station's answer about one parcel. */
export interface ParcelReceipt {
  status: ReceiptStatus;
  note: string;
  /** The first confirmation; a changed answer keeps it. */
  received_at: string;
}

export interface PlacementPhoto {
  id: number;
  surface_id: number;
  surface_name: string;
  url_images: UrlImages;
  created_at: string;
}

/** A surface the station has received in a promotion, with its placement photos. */
export interface PlacementSurface {
  surface_id: number;
  surface_name: string;
  photos: PlacementPhoto[];
}

/** Where a station stands after the distributor: sent → received → placed. */
export interface StationFollowUp {
  station_id: number;
  name: string;
  sent: 'not_sent' | 'partly_sent' | 'sent';
  parcels: { id: number; tracker_number: string; created_at: string; receipt: ParcelReceipt | null }[];
  /** none: nothing sent; pending: a parcel is not confirmed; problem: a parcel has a problem; ok: all confirmed good. */
  received: 'none' | 'pending' | 'problem' | 'ok';
  photos: PlacementPhoto[];
  /** Surfaces delivered to the station / of them with at least one photo. */
  surfaces_delivered: number;
  surfaces_placed: number;
  /** The promotion's 'delivered' milestone has passed and the station has not confirmed everything it is due. */
  late: boolean;
}

export interface DeliveryFollowUp {
  /** The promotion's 'delivered' milestone. */
  delivered_due_on: string;
  stations: StationFollowUp[];
}

/** A row of a tracker file and what applying it does, or why it cannot. */
export interface TrackerImportRow {
  /** The row's number in the file (1 is the first line, a header included). */
  row: number;
  station_text: string;
  tracker_number: string;
  station: { id: number; name: string } | null;
  /** create: a new parcel with the station's printed pairs not yet sent; update: the newest parcel's tracker. */
  action: 'create' | 'update' | 'unchanged' | null;
  old_tracker: string | null;
  /** The pairs a new parcel takes. */
  pairs: number;
  /** Error keys (validation.*), empty when the row is good. */
  errors: string[];
}

export interface TrackerImportResult {
  rows: TrackerImportRow[];
  errors: number;
  creates: number;
  updates: number;
  unchanged: number;
  /** What the preview found, to send back with apply: a changed plan is refused (409). */
  plan: string;
  applied: boolean;
}

const ownStationOnly = {
  company_id: z.never({ error: 'own_station_only' }).optional(),
  station_id: z.never({ error: 'own_station_only' }).optional(),
  user_id: z.never({ error: 'own_station_only' }).optional(),
};

export const receiptBody = z
  .object({
    parcel_id: zId,
    receipt_status: z.enum(RECEIPT_STATUSES, { error: 'receipt_status_invalid' }),
    receipt_note: z.preprocess((v) => v ?? '', z.string().trim().max(MAX_RECEIPT_NOTE, 'max_length')),
    ...ownStationOnly,
  })
  .superRefine((b, ctx) => {
    if (b.receipt_status === 'problem' && !b.receipt_note) ctx.addIssue({ code: 'custom', path: ['receipt_note'], message: 'receipt_note_required' });
  });

export const receipt = {
  confirm: endpoint({
    method: 'POST',
    path: '/company_api/parcel-receipt',
    access: 'company.view',
    body: receiptBody,
    summary: "Confirm receipt of one of the calling station's parcels: all good, or a problem with a note; a later answer replaces it",
    example: { body: { parcel_id: 31, receipt_status: 'problem', receipt_note: 'To plakater mangler, én er skadet.' } },
  }),
};

export const placement = {
  add: endpoint({
    method: 'POST',
    path: '/company_api/placement-photos',
    access: 'company.view',
    body: z.object({ promotion_id: zId, surface_id: zId, file_id: zId, ...ownStationOnly }),
    multipart: { file: 'file_id' },
    answer: 'created',
    summary: 'Add a placement photo (an image of the upload step, or a multipart part `file`) to a surface the calling station received',
    example: { body: { promotion_id: 14, surface_id: 23, file_id: 311 } },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/company_api/placement-photos/{id}',
    access: 'company.view',
    params: zIdParam,
    summary: 'Delete one of the calling station’s placement photos',
    example: { params: { id: 7 } },
  }),
};

export const trackerImport = {
  /** multipart: `file` (CSV or .xlsx); apply=false previews, apply=true with the preview's plan applies. */
  run: endpoint({
    method: 'POST',
    path: '/api/promotion-distributor/import-trackers',
    access: 'distribution.view',
    query: z.object({
      promotion_id: zId,
      apply: zBool.default(false),
      plan: z.preprocess((v) => v ?? '', z.string().max(100)),
    }),
    multipart: { file: 'file' },
    summary: 'Preview (apply=false) or apply the tracker numbers of a CSV or Excel file (station id or name, tracker number); nothing is applied while a row has an error',
    example: { query: { promotion_id: 14, apply: false, plan: '' } },
  }),
};
