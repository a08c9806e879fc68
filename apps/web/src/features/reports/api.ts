import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { distribution, fillPath, reports, trackerImport, type ReportData, type SentToPrintersAnswer, type TrackerImportResult } from '@promo/shared';
import { api, call, type ApiResponse } from '@/lib/api-client';

export const reportKeys = {
  all: ['report'] as const,
  view: (id: number, percent: number | undefined) => ['report', id, percent ?? null] as const,
};

/** The report view; `percent` recalculates it until the promotion is sent to printers. */
export const reportQuery = (id: number, percent: number | undefined) =>
  queryOptions({
    queryKey: reportKeys.view(id, percent),
    queryFn: async ({ signal }) =>
      (await call<ReportData>(reports.view, { query: { promotion_id: id, ...(percent === undefined ? {} : { percent }) } }, { silent: true, signal })).data,
    placeholderData: keepPreviousData,
  });

/** `confirm_preflight`: an admin sends although current HQ files have preflight errors. The preflight's notes come beside `data`. */
export const sendToPrinters = async (body: { promotion_id: number; percent_report: number; description_cm: string; confirm_preflight?: boolean }) =>
  (await call<SentToPrintersAnswer['data']>(reports.sendToPrinters, { body }, { silent: true })) as ApiResponse<SentToPrintersAnswer['data']> & Partial<Pick<SentToPrintersAnswer, 'preflight'>>;

/** Admin only, while nothing is printed (decision 011). */
export const takeBackFromPrinters = (promotionId: number) => call(reports.takeBack, { body: { promotion_id: promotionId } });

export const makeExcel = (body: { promotion_id: number; promotion_name: string; number_percent: number }) =>
  call<{ file: string }>(reports.excel, { body: { ...body, display_address: true, display_categories: true } });

export const sendParcel = (body: {
  promotion_id: number;
  company_id: number;
  tracker_number: string;
  description: string;
  sent_surfaces: { surface_id: number; design_id: number; amount: number; name: string }[];
}) => call(distribution.setTracker, { body }, { silent: true });

/** The carrier's tracking page for a tracker number. */
export const trackingLink = (template: string, tracker: string) => template.replace('{tracker}', encodeURIComponent(tracker));

/** The distributor's tracker file: a preview (apply false), or applying the previewed plan (decision 019). */
export async function importTrackers(promotionId: number, file: File, apply: boolean, plan = '') {
  const body = new FormData();
  body.append('file', file, file.name);
  const res = await api.post<{ data: TrackerImportResult; message?: string; message_key?: string }>(fillPath(trackerImport.run.path), body, {
    params: { promotion_id: promotionId, apply: apply ? 'true' : 'false', plan },
    silent: true,
    timeout: 0,
  });
  return res.data;
}
