import { queryOptions } from '@tanstack/react-query';
import { print, type PrintReportData } from '@promo/shared';
import { call } from '@/lib/api-client';

export const printReportQuery = (id: number) =>
  queryOptions({
    queryKey: ['print-report', id],
    queryFn: async ({ signal }) => (await call<PrintReportData>(print.report, { query: { promotion_id: id } }, { silent: true, signal })).data,
  });

export const setPrinted = (body: { promotion_id: number; printer_tracker_number: string; description: string; sent_surfaces: { surface_id: number; design_id: number }[] }) =>
  call(print.setPrinted, { body }, { silent: true });
