import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import {
  company,
  fillPath,
  placement,
  receipt,
  type ParcelReceipt,
  type PlacementPhoto,
  type PlannerHistoryData,
  type PlannerListData,
  type ReceiptStatus,
  type SaveAmountData,
  type UserPromotionData,
} from '@promo/shared';
import { call } from '@/lib/api-client';
import { submit, type QueuedAction } from '@/lib/offline-queue';
import type { ApiErrorBody } from '@/lib/error-catalogue';

export interface PlannerParams {
  count_show: number;
  start_index: number;
  obj_search: { field: string; input_value: string };
  sort_by: string;
  sort_count: number;
  only_quantity: boolean;
}

export interface HistoryParams {
  count_show: number;
  start_index: number;
  sort_by: string;
  sort_count: number;
}

export const companyKeys = {
  all: ['company'] as const,
  planner: (params: PlannerParams) => ['company', 'planner', params] as const,
  history: (params: HistoryParams) => ['company', 'history', params] as const,
  promotion: (id: number) => ['company', 'promotion', id] as const,
};

/** The lists are applied only when their shapes are right (spec 000 §7). */
export function isPlannerList(data: unknown): data is PlannerListData {
  const d = data as PlannerListData | undefined;
  return !!d && Array.isArray(d.surfaces) && typeof d.total === 'number' && !!d.userSurfacesData && typeof d.userSurfacesData === 'object';
}

export function isHistoryList(data: unknown): data is PlannerHistoryData {
  const d = data as PlannerHistoryData | undefined;
  return !!d && Array.isArray(d.history) && typeof d.total === 'number';
}

export const plannerQuery = (params: PlannerParams) =>
  queryOptions({
    queryKey: companyKeys.planner(params),
    queryFn: async ({ signal }) => {
      const res = await call<PlannerListData>(company.planner, { query: { ...params } }, { silent: true, signal });
      if (!isPlannerList(res.data)) throw new Error('Unexpected data format');
      return res.data;
    },
    placeholderData: keepPreviousData,
  });

export const historyQuery = (params: HistoryParams) =>
  queryOptions({
    queryKey: companyKeys.history(params),
    queryFn: async ({ signal }) => {
      const res = await call<PlannerHistoryData>(company.history, { query: { ...params } }, { silent: true, signal });
      if (!isHistoryList(res.data)) throw new Error('Unexpected data format');
      return res.data;
    },
    placeholderData: keepPreviousData,
  });

export const userPromotionQuery = (id: number) =>
  queryOptions({
    queryKey: companyKeys.promotion(id),
    queryFn: async ({ signal }) => (await call<UserPromotionData>(company.userPromotion, { params: { id } }, { silent: true, signal })).data,
  });

/**
 * A planner amount, through the offline queue like a receipt (issue 33): sent now with an
 * idempotency key, or kept on the device until the connection returns. Only the last amount typed
 * for a surface is sent; the planner reads the waiting ones back with `waitingAmounts`.
 */
export const saveAmount = (surface: { id: number; name: string }, amount: number) =>
  submit<SaveAmountData>({
    kind: 'amount',
    label: `${surface.name} → ${amount}`,
    subject: amountSubject(surface.id),
    refresh: [...companyKeys.all],
    request: { path: fillPath(company.saveAmount.path), fields: { surface_id: String(surface.id), amount: String(amount) } },
  });

const amountSubject = (surfaceId: number) => `amount:${surfaceId}`;

/** An amount on the device, by surface: waiting to be sent, or refused by the server when it was. */
export interface WaitingAmount {
  amount: number;
  failed?: QueuedAction['failed'];
}

/** The queued planner amounts by surface id (the newest per surface). */
export function waitingAmounts(actions: QueuedAction[]): Map<number, WaitingAmount> {
  const out = new Map<number, WaitingAmount>();
  for (const a of actions) {
    if (a.kind !== 'amount') continue;
    out.set(Number(a.request.fields.surface_id), { amount: Number(a.request.fields.amount), failed: a.failed });
  }
  return out;
}

/** The server's way of saying the signed-in station does not exist (any more). */
export const isNoSuchCompany = (error: unknown) =>
  isAxiosError<ApiErrorBody>(error) && error.response?.data?.message_key === 'no_such_company';

/**
 * The station's answer about one of its parcels (decision 019). It goes through the offline queue
 * (decision 023): sent now with an idempotency key, or kept on the device until the connection
 * returns (`sent: false`). `label` names the parcel in the list of waiting actions.
 */
export const confirmReceipt = (promotionId: number, label: string, body: { parcel_id: number; receipt_status: ReceiptStatus; receipt_note: string }) =>
  submit<ParcelReceipt>({
    kind: 'receipt',
    label,
    refresh: [...companyKeys.promotion(promotionId)],
    request: { path: fillPath(receipt.confirm.path), fields: { parcel_id: String(body.parcel_id), receipt_status: body.receipt_status, receipt_note: body.receipt_note } },
  });

/**
 * A placement photo: one multipart call with the image (streamed, images only, decision 019),
 * through the offline queue like a receipt; the photo waits on the device while offline.
 */
export const addPlacementPhoto = (promotionId: number, surface: { surface_id: number; surface_name: string }, file: File, onProgress?: (fraction: number) => void) =>
  submit<PlacementPhoto>(
    {
      kind: 'photo',
      label: surface.surface_name,
      refresh: [...companyKeys.promotion(promotionId)],
      request: {
        path: fillPath(placement.add.path),
        fields: { promotion_id: String(promotionId), surface_id: String(surface.surface_id) },
        file: { field: 'file', blob: file, name: file.name },
      },
    },
    onProgress,
  );

export const deletePlacementPhoto = (id: number) => call(placement.remove, { params: { id } }, { silent: true });
