import { z } from 'zod';
import { endpoint } from '../endpoint';
import { zId, zIdParam } from '../form-values';
import { listParams, searchText } from '../list-params';
import { updateBodyOf } from '../update-body';
import { nameField } from '../validation';

export const DESIGN_SORT_FIELDS = ['name', 'category'] as const;

export const designsListQuery = listParams({
  sortFields: DESIGN_SORT_FIELDS,
  defaultSort: 'name',
  search: {
    field: z.enum(['name']).default('name'),
    input_value: searchText,
    only_category: z.preprocess((v) => (v === '' || v === '0' ? undefined : v), zId.optional()),
  },
});
export type DesignsListQuery = z.infer<typeof designsListQuery>;

const designFields = {
  name: nameField,
  category_id: z
    .preprocess((v) => (v === '' || v === undefined ? null : v), zId.nullable())
    .refine((v) => v !== null, 'category_required')
    .transform((v) => v!),
};
export const designBody = z.object(designFields);
export const designUpdateBody = updateBodyOf(designFields);

export interface DesignRow {
  id: number;
  name: string;
  category_id: number;
  category: { id: number; name: string };
}

export interface DesignsListData {
  designs: DesignRow[];
  total: number;
  arr_categories: { id: number; name: string }[];
}

export const designs = {
  list: endpoint({
    method: 'GET',
    path: '/api/designs',
    access: 'catalog.view',
    query: designsListQuery,
    summary: 'List designs a page at a time, searched and sorted, with the categories to pick from',
    example: {
      query: { count_show: 10, start_index: 0, obj_search: { field: 'name', input_value: 'påske', only_category: 4 }, sort_by: 'name', sort_count: 2 },
    },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/designs',
    access: 'catalog.manage',
    body: designBody,
    answer: 'created',
    summary: 'Create a design of a category',
    example: { body: { name: 'Påskeegg med kaffe', category_id: 4 } },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/designs/{id}',
    access: 'catalog.manage',
    params: zIdParam,
    body: designUpdateBody,
    summary: 'Change a design: only the fields sent',
    example: { params: { id: 31 }, body: { name: 'Påskeegg med kaffe og bolle' } },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/designs/{id}',
    access: 'catalog.manage',
    params: zIdParam,
    summary: 'Delete a design',
    example: { params: { id: 31 } },
  }),
};
