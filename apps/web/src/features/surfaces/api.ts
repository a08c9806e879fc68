import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { categories as categoriesContract, surfaces, users, type SurfaceBody, type SurfaceRow, type SurfacesListData } from '@promo/shared';
import { call } from '@/lib/api-client';

export interface SurfacesListParams {
  count_show: number;
  start_index: number;
  obj_search: { field: string; input_value: string };
  sort_by: string;
  sort_count: number;
}

export const surfaceKeys = {
  all: ['surfaces'] as const,
  list: (params: SurfacesListParams) => ['surfaces', 'list', params] as const,
  printers: ['surfaces', 'printers'] as const,
};

/** The list is applied only when its shape is right (spec 000 §7); otherwise the old one stays. */
export function isSurfacesList(data: unknown): data is SurfacesListData {
  const d = data as SurfacesListData | undefined;
  return !!d && Array.isArray(d.surfaces) && typeof d.total === 'number' && Array.isArray(d.arr_type_surfaces) && Array.isArray(d.arr_size_surfaces);
}

export const surfacesListQuery = (params: SurfacesListParams) =>
  queryOptions({
    queryKey: surfaceKeys.list(params),
    queryFn: async ({ signal }) => {
      const res = await call<SurfacesListData>(surfaces.list, { query: { ...params } }, { silent: true, signal });
      if (!isSurfacesList(res.data)) throw new Error('Unexpected data format');
      return res.data;
    },
    placeholderData: keepPreviousData,
  });

export const printersQuery = queryOptions({
  queryKey: surfaceKeys.printers,
  queryFn: async () =>
    (await call<{ users: { id: number; name: string; surname: string }[] }>(users.getUsersByField, { body: { field: 'role', value: 'printer' } }, { silent: true }))
      .data.users,
  staleTime: 60_000,
});

/** The form's values: strings as typed, sent as the form body. */
export type SurfaceFormValues = Omit<SurfaceBody, 'vendor_code' | 'printer_id' | 'status'> & { vendor_code: string; printer_id: string; status: number[] };

export const createSurface = (body: SurfaceFormValues) => call<SurfaceRow>(surfaces.create, { body }, { silent: true });
export const updateSurface = (id: number, body: SurfaceFormValues) => call<SurfaceRow>(surfaces.update, { params: { id }, body }, { silent: true });
export const deleteSurface = (id: number) => call(surfaces.remove, { params: { id } }, { silent: true });
export const cloneSurface = (surface_id: number, name: string, bool_clone: boolean) =>
  call<SurfaceRow>(surfaces.createClone, { body: { surface_id, name, bool_clone } }, { silent: true });
export const createType = (new_type: string) => call<{ id: number; name: string }>(surfaces.createType, { body: { new_type } }, { silent: true });
export const createSize = (new_size: string) => call<{ id: number; name: string }>(surfaces.createSize, { body: { new_size } }, { silent: true });

export const categoriesQuery = queryOptions({
  queryKey: ['surfaces', 'categories'] as const,
  queryFn: async () => (await call<{ categories: { id: number; name: string }[] }>(categoriesContract.list, {}, { silent: true })).data.categories,
  staleTime: 60_000,
});
