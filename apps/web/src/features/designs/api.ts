import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { designs, type DesignRow, type DesignsListData } from '@promo/shared';
import { call } from '@/lib/api-client';

export interface DesignsListParams {
  count_show: number;
  start_index: number;
  /** only_category is '' for all categories. */
  obj_search: { field: 'name'; input_value: string; only_category: string };
  sort_by: string;
  sort_count: number;
}

export const designKeys = {
  all: ['designs'] as const,
  list: (params: DesignsListParams) => ['designs', 'list', params] as const,
};

/** The list is applied only when its shape is right (spec 000 §7); otherwise the old one stays. */
export function isDesignsList(data: unknown): data is DesignsListData {
  const d = data as DesignsListData | undefined;
  return !!d && Array.isArray(d.designs) && typeof d.total === 'number' && Array.isArray(d.arr_categories);
}

export const designsListQuery = (params: DesignsListParams) =>
  queryOptions({
    queryKey: designKeys.list(params),
    queryFn: async ({ signal }) => {
      const res = await call<DesignsListData>(designs.list, { query: { ...params } }, { silent: true, signal });
      if (!isDesignsList(res.data)) throw new Error('Unexpected data format');
      return res.data;
    },
    placeholderData: keepPreviousData,
    // Categories change on their own page: always ask again on entry.
    refetchOnMount: 'always',
  });

export interface DesignBody {
  name: string;
  category_id: number;
}

export const createDesign = (body: DesignBody) => call<DesignRow>(designs.create, { body: { ...body } }, { silent: true });
export const updateDesign = (id: number, body: DesignBody) =>
  call<DesignRow>(designs.update, { params: { id }, body: { ...body } }, { silent: true });
export const deleteDesign = (id: number) => call(designs.remove, { params: { id } }, { silent: true });
