import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { audit, type AuditListData } from '@promo/shared';
import { call } from '@/lib/api-client';

export interface AuditListParams {
  count_show: number;
  start_index: number;
  sort_by: string;
  sort_count: number;
  /** '' for no filter; the days as 'YYYY-MM-DD'. */
  obj_search: { actor_id: string; entity: string; action: string; date_picker: { from: string; to: string } };
}

export const auditKeys = {
  all: ['audit-log'] as const,
  list: (params: AuditListParams) => ['audit-log', 'list', params] as const,
};

/** The list is applied only when its shape is right (spec 000 §7); otherwise the old one stays. */
export function isAuditList(data: unknown): data is AuditListData {
  const d = data as AuditListData | undefined;
  return (
    !!d &&
    Array.isArray(d.entries) &&
    typeof d.total === 'number' &&
    Array.isArray(d.users) &&
    Array.isArray(d.entities) &&
    Array.isArray(d.actions) &&
    !!d.names &&
    typeof d.names === 'object'
  );
}

export const auditListQuery = (params: AuditListParams) =>
  queryOptions({
    queryKey: auditKeys.list(params),
    queryFn: async ({ signal }) => {
      const res = await call<AuditListData>(audit.list, { query: { ...params } }, { silent: true, signal });
      if (!isAuditList(res.data)) throw new Error('Unexpected data format');
      return res.data;
    },
    placeholderData: keepPreviousData,
    // The log grows with every change anywhere: ask again on entry.
    refetchOnMount: 'always',
  });
