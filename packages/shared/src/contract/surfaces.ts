import { z } from 'zod';
import { MAX_TEXT_LENGTH } from '../constants';
import { cleanTypeName, SIZE_PATTERN, TYPE_NAME_EMPTY, zDigitCode, zPrice } from '../catalog-input';
import { endpoint } from '../endpoint';
import { zBool, zId, zIdList, zIdParam, zOptionalText } from '../form-values';
import { listParams, searchText } from '../list-params';
import { updateBodyOf } from '../update-body';
import { nameField } from '../validation';

export const SURFACE_SEARCH_FIELDS = ['vendor_code', 'name', 'categories', 'type', 'size', 'description'] as const;
export const SURFACE_SORT_FIELDS = ['vendor_code', 'name', 'type_surface', 'size_surface', 'description', 'divided_bool', 'price'] as const;
/** Status flags: 0 'is to be divided', 1 'is locked for users', 2 'is not too pressure'. */
export const SURFACE_STATUS_FLAGS = [0, 1, 2] as const;

export const surfacesListQuery = listParams({
  sortFields: SURFACE_SORT_FIELDS,
  defaultSort: 'vendor_code',
  search: {
    field: z.enum(SURFACE_SEARCH_FIELDS).default('name'),
    input_value: searchText,
  },
});
export type SurfacesListQuery = z.infer<typeof surfacesListQuery>;

const zStatusFlags = z.preprocess((v) => {
  if (v === '' || v === undefined || v === null) return [];
  if (Array.isArray(v)) return v;
  if (typeof v === 'object') return Object.values(v as object);
  return [v];
}, z.array(z.coerce.number().pipe(z.union([z.literal(0), z.literal(1), z.literal(2)]))).max(3));

const zOptionalId = z.preprocess((v) => (v === '' || v === null || v === '0' ? null : v), zId.nullable());

const surfaceFields = {
  vendor_code: zDigitCode,
  name: nameField,
  type_surface: zOptionalText(MAX_TEXT_LENGTH),
  size_surface: zOptionalText(MAX_TEXT_LENGTH).refine((v) => v === '' || SIZE_PATTERN.test(v), 'size_format'),
  price: zPrice,
  description: zOptionalText(5000),
  divided_bool: zBool.default(true),
  status: zStatusFlags.default([]),
  printer_id: zOptionalId.default(null),
  category_ids: zIdList.default([]),
};
export const surfaceBody = z.object(surfaceFields);
export const surfaceUpdateBody = updateBodyOf(surfaceFields);
export type SurfaceBody = z.infer<typeof surfaceBody>;
export type SurfaceUpdateBody = z.infer<typeof surfaceUpdateBody>;

export const newTypeBody = z.object({
  new_type: z
    .string()
    .max(MAX_TEXT_LENGTH, 'max_length')
    .transform(cleanTypeName)
    .refine((v) => v.length > 0, TYPE_NAME_EMPTY),
});
export const newSizeBody = z.object({
  new_size: z.string().trim().max(MAX_TEXT_LENGTH, 'max_length').regex(SIZE_PATTERN, 'size_format'),
});
export const cloneBody = z.object({ surface_id: zId, name: nameField, bool_clone: zBool.default(true) });

export const MAKE_SIZES = ['original', 'w_200', 'w_500'] as const;
/** set-image: the spec's base64 `img_url`, or an upload of the shared upload step (`file_id`). */
export const setImageBody = z
  .object({
    img_url: z.string().max(20_000_000, 'max_length').optional(),
    file_id: zId.optional(),
    img_name: zOptionalText(MAX_TEXT_LENGTH),
    make_size: z
      .preprocess((v) => (v === undefined ? undefined : Array.isArray(v) ? v : typeof v === 'object' && v ? Object.values(v) : [v]), z.array(z.enum(MAKE_SIZES)).max(3))
      .default(['original', 'w_200']),
  })
  .refine((b) => !!b.img_url !== !!b.file_id, { path: ['img_url'], message: 'image_required' });

export interface UrlImages {
  original: string;
  w_200: string;
  w_500?: string;
}

export interface SurfaceRow {
  id: number;
  vendor_code: number;
  name: string;
  type_surface: string;
  size_surface: string;
  price: string;
  description: string;
  divided_bool: boolean;
  status: number[];
  printer_id: number | null;
  printer: { id: number; name: string } | null;
  category_ids: number[];
  url_images: UrlImages | null;
}

export interface SurfacesListData {
  surfaces: SurfaceRow[];
  total: number;
  arr_type_surfaces: { id: number; name: string }[];
  arr_size_surfaces: { id: number; name: string }[];
}

export const surfaces = {
  list: endpoint({
    method: 'GET',
    path: '/api/surfaces',
    access: 'catalog.view',
    query: surfacesListQuery,
    summary: 'List surfaces a page at a time, searched and sorted, with the types and sizes to pick from',
    example: { query: { count_show: 25, start_index: 0, obj_search: { field: 'type', input_value: 'Plakat' }, sort_by: 'vendor_code', sort_count: 2 } },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/surfaces',
    access: 'catalog.manage',
    body: surfaceBody,
    answer: 'created',
    summary: 'Create a surface (a place in the station where print material goes)',
    example: {
      body: {
        vendor_code: '100247',
        name: 'Plakat Inngang 3',
        type_surface: 'Plakat',
        size_surface: 'H70 x W100',
        price: '145.50',
        description: 'Plakatramme ved inngangsdøren',
        divided_bool: true,
        status: [0],
        printer_id: 5,
        category_ids: [2, 4],
      },
    },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/surfaces/{id}',
    access: 'catalog.manage',
    params: zIdParam,
    body: surfaceUpdateBody,
    summary: 'Change a surface: only the fields sent',
    example: { params: { id: 23 }, body: { price: '159.00', status: [0, 1] } },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/surfaces/{id}',
    access: 'catalog.manage',
    params: zIdParam,
    summary: 'Delete a surface',
    example: { params: { id: 23 } },
  }),
  createType: endpoint({
    method: 'POST',
    path: '/api/surfaces/create-type-surface',
    access: 'catalog.manage',
    body: newTypeBody,
    summary: 'Add a surface type to pick from',
    example: { body: { new_type: 'Takheng' } },
  }),
  createSize: endpoint({
    method: 'POST',
    path: '/api/surfaces/create-size-surface',
    access: 'catalog.manage',
    body: newSizeBody,
    summary: "Add a surface size to pick from ('H{h} x W{w}', with ' x D{d}' for a depth)",
    example: { body: { new_size: 'H40 x W60' } },
  }),
  createClone: endpoint({
    method: 'POST',
    path: '/api/surfaces/create-clone-surface',
    access: 'catalog.manage',
    body: cloneBody,
    summary: 'Copy a surface under a new name and the next free vendor code (with bool_clone, its image too)',
    example: { body: { surface_id: 23, name: 'Plakat Inngang 4', bool_clone: true } },
  }),
  setImage: endpoint({
    method: 'POST',
    path: '/api/files/surfaces/{id}/set-image',
    access: 'catalog.manage',
    params: zIdParam,
    body: setImageBody,
    summary: "Set a surface's image: an upload of the upload step (file_id) or base64 (img_url)",
    example: { params: { id: 23 }, body: { file_id: 311, img_name: 'plakat-inngang.jpg', make_size: ['original', 'w_200', 'w_500'] } },
  }),
};
