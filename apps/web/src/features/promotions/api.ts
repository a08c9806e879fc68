import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { promotions, type PromotionsListData } from '@promo/shared';
import { call } from '@/lib/api-client';

export interface PromotionsListParams {
  count_show: number;
  start_index: number;
  obj_search: { field: 'name'; input_value: string; only_active: boolean; date_picker: { from: string; to: string } };
  sort_by: string;
  sort_count: number;
}

export const promotionKeys = {
  all: ['promotions'] as const,
  list: (params: PromotionsListParams) => ['promotions', 'list', params] as const,
};

/** The lists are applied only when the shapes are right (spec 001 §7). */
export function isPromotionsList(data: unknown): data is PromotionsListData {
  const d = data as PromotionsListData | undefined;
  return !!d && Array.isArray(d.promotions) && typeof d.total === 'number' && Array.isArray(d.config_promotion_status);
}

export const promotionsListQuery = (params: PromotionsListParams) =>
  queryOptions({
    queryKey: promotionKeys.list(params),
    queryFn: async ({ signal }) => {
      const res = await call<PromotionsListData>(promotions.list, { query: { ...params } }, { silent: true, signal });
      if (!isPromotionsList(res.data)) throw new Error('Unexpected data format');
      return res.data;
    },
    placeholderData: keepPreviousData,
  });

export const deletePromotion = (id: number) => call(promotions.remove, { params: { id } }, { silent: true });
