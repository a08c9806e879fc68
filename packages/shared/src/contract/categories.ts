import { z } from 'zod';
import { GROUPS, MAX_TEXT_LENGTH, type Group } from '../constants';
import { endpoint } from '../endpoint';
import { zBool, zId, zIdParam } from '../form-values';
import { updateBodyOf } from '../update-body';
import { nameField } from '../validation';

const zGroups = z.preprocess((v) => {
  if (v === '' || v === undefined || v === null) return [];
  if (Array.isArray(v)) return v;
  if (typeof v === 'object') return Object.values(v as object);
  return [v];
}, z.array(z.enum(GROUPS)).max(3));

const categoryFields = {
  name: nameField.pipe(z.string().max(MAX_TEXT_LENGTH)),
  manager_id: z.preprocess((v) => (v === '' || v === null ? null : v), zId.nullable()).default(null),
  groups: zGroups.default([]),
  required: zBool.default(false),
};
export const categoryBody = z.object(categoryFields);
export const categoryUpdateBody = updateBodyOf(categoryFields);
export type CategoryBody = z.infer<typeof categoryBody>;
export type CategoryUpdateBody = z.infer<typeof categoryUpdateBody>;

export interface CategoryRow {
  id: number;
  name: string;
  manager_id: number | null;
  manager: { id: number; name: string; surname: string } | null;
  groups: Group[];
  required: boolean;
}

export const categories = {
  list: endpoint({
    method: 'GET',
    path: '/api/categories',
    access: 'catalog.view',
    summary: 'All categories with their manager and station groups',
    example: {},
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/categories',
    access: 'catalog.manage',
    body: categoryBody,
    answer: 'created',
    summary: 'Create a category',
    example: { body: { name: 'Kaffe og bakst', manager_id: 12, groups: ['RBA', 'DO+'], required: false } },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/categories/{id}',
    access: 'catalog.manage',
    params: zIdParam,
    body: categoryUpdateBody,
    summary: 'Change a category: only the fields sent',
    example: { params: { id: 4 }, body: { name: 'Mat og drikke', groups: ['RBA', 'DO+', 'DO'] } },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/categories/{id}',
    access: 'catalog.manage',
    params: zIdParam,
    summary: 'Delete a category',
    example: { params: { id: 4 } },
  }),
};
