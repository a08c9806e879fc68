import { queryOptions } from '@tanstack/react-query';
import { categories, users, type CategoryBody, type CategoryRow } from '@promo/shared';
import { call } from '@/lib/api-client';

export interface CategoriesListData {
  categories: CategoryRow[];
}

export interface ManagerOption {
  id: number;
  name: string;
  surname: string;
}

export const categoryKeys = {
  all: ['categories'] as const,
  list: ['categories', 'list'] as const,
  managers: ['categories', 'managers'] as const,
};

/** The list is applied only when its shape is right (spec 000 §7); otherwise the old one stays. */
export function isCategoriesList(data: unknown): data is CategoriesListData {
  const d = data as CategoriesListData | undefined;
  return !!d && Array.isArray(d.categories);
}

export const categoriesListQuery = queryOptions({
  queryKey: categoryKeys.list,
  queryFn: async ({ signal }) => {
    const res = await call<CategoriesListData>(categories.list, {}, { silent: true, signal });
    if (!isCategoriesList(res.data)) throw new Error('Unexpected data format');
    return res.data.categories;
  },
  // Managers and categories change on other pages (users): always ask again on entry.
  refetchOnMount: 'always',
});

/** The users with role cm: the only users a category can have as manager. */
export const managersQuery = queryOptions({
  queryKey: categoryKeys.managers,
  queryFn: async ({ signal }) => {
    const res = await call<{ users: ManagerOption[] }>(
      users.getUsersByField,
      { body: { field: 'role', value: 'cm' } },
      { silent: true, signal },
    );
    return Array.isArray(res.data?.users) ? res.data.users : [];
  },
  staleTime: 60_000,
});

/** The form body: no manager is sent as '' and no groups as [] (which the serializer turns into ''). */
const toBody = (body: CategoryBody) => ({
  name: body.name,
  manager_id: body.manager_id ?? '',
  groups: body.groups,
  required: body.required,
});

export const createCategory = (body: CategoryBody) => call<CategoryRow>(categories.create, { body: toBody(body) }, { silent: true });
export const updateCategory = (id: number, body: CategoryBody) =>
  call<CategoryRow>(categories.update, { params: { id }, body: toBody(body) }, { silent: true });
export const deleteCategory = (id: number) => call(categories.remove, { params: { id } }, { silent: true });
