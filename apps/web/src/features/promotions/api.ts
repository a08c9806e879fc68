import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { promotionDesign, promotions, type Endpoint, type PromotionCreatedData, type PromotionData, type PromotionsListData, type PromotionSurfaceDesigns } from '@promo/shared';
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
  list: (path: string, params: PromotionsListParams) => ['promotions', 'list', path, params] as const,
  detail: (id: number) => ['promotions', 'detail', id] as const,
  managers: ['promotions', 'managers'] as const,
};

/** The lists are applied only when the shapes are right (spec 001 §7). */
export function isPromotionsList(data: unknown): data is PromotionsListData {
  const d = data as PromotionsListData | undefined;
  return !!d && Array.isArray(d.promotions) && typeof d.total === 'number' && Array.isArray(d.config_promotion_status);
}

/** A promotion list: the staff list, or the printer's, distributor's or station's (same params and shape). */
export const promotionsListQuery = (params: PromotionsListParams, endpoint: Endpoint = promotions.list) =>
  queryOptions({
    queryKey: promotionKeys.list(endpoint.path, params),
    queryFn: async ({ signal }) => {
      const res = await call<PromotionsListData>(endpoint, { query: { ...params } }, { silent: true, signal });
      if (!isPromotionsList(res.data)) throw new Error('Unexpected data format');
      return res.data;
    },
    placeholderData: keepPreviousData,
  });

export const deletePromotion = (id: number) => call(promotions.remove, { params: { id } }, { silent: true });

export const promotionQuery = (id: number) =>
  queryOptions({
    queryKey: promotionKeys.detail(id),
    queryFn: async () => (await call<PromotionData>(promotions.get, { params: { id } }, { silent: true })).data,
  });

export const managersQuery = queryOptions({
  queryKey: promotionKeys.managers,
  queryFn: async () =>
    (await call<{ cm_users: { id: number; name: string; surname: string }[] }>(promotions.getAllCm, {}, { silent: true })).data.cm_users,
  staleTime: 60_000,
});

export interface PromotionFormValues {
  name: string;
  period_from: string;
  period_to: string;
  description: string;
  manager_id: string;
  show_in_user_promotions: boolean;
}

export const savePromotion = (id: number | null, body: PromotionFormValues) =>
  id
    ? call<PromotionData>(promotions.update, { params: { id }, body: { ...body } }, { silent: true })
    : call<PromotionCreatedData>(promotions.create, { body: { ...body } }, { silent: true });

export const notifyAdmin = (promotion_id: number) => call<PromotionData>(promotions.notifyAdmin, { body: { promotion_id } }, { silent: true });

export const surfacesWithDesignsQuery = (promotionId: number) =>
  queryOptions({
    queryKey: ['promotions', 'surfaces', promotionId] as const,
    queryFn: async () =>
      (await call<{ surfaces: PromotionSurfaceDesigns[] }>(promotionDesign.surfacesWithDesigns, { query: { promotion_id: promotionId } }, { silent: true }))
        .data.surfaces,
  });

export const pickerSurfacesQuery = queryOptions({
  queryKey: ['promotions', 'picker', 'surfaces'] as const,
  queryFn: async () =>
    (await call<{ surfaces: { id: number; name: string; vendor_code: number }[] }>(promotionDesign.allSurfaces, {}, { silent: true })).data.surfaces,
  staleTime: 60_000,
});

export const pickerDesignsQuery = queryOptions({
  queryKey: ['promotions', 'picker', 'designs'] as const,
  queryFn: async () => (await call<{ designs: { id: number; name: string }[] }>(promotionDesign.allDesigns, {}, { silent: true })).data.designs,
  staleTime: 60_000,
});

export const addSurface = (promotion_id: number, surface_id: number) =>
  call(promotionDesign.addSurface, { body: { promotion_id, surface_id } }, { silent: true });
export const removeSurface = (promotionId: number, surfaceId: number) =>
  call(promotionDesign.removeSurface, { params: { promotionId, surfaceId } }, { silent: true });
export const addDesign = (promotion_id: number, surface_id: number, design_id: number) =>
  call(promotionDesign.addDesign, { body: { promotion_id, surface_id, design_id } }, { silent: true });
export const removeDesign = (id: number) => call(promotionDesign.removeDesign, { params: { id } }, { silent: true });
