import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { users, type Role, type UserRow, type UsersListData } from '@promo/shared';
import { call } from '@/lib/api-client';

export interface UsersListParams {
  count_show: number;
  start_index: number;
  obj_search: { field: string; input_value: string; admin_only: boolean };
  sort_by: string;
  sort_count: number;
}

export const userKeys = {
  all: ['users'] as const,
  list: (params: UsersListParams) => ['users', 'list', params] as const,
  roles: ['users', 'roles'] as const,
};

/** The list is applied only when its shape is right (spec 000 §7); otherwise the old one stays. */
export function isUsersList(data: unknown): data is UsersListData {
  const d = data as UsersListData | undefined;
  return !!d && Array.isArray(d.users) && typeof d.total === 'number' && Array.isArray(d.arr_categories);
}

export const usersListQuery = (params: UsersListParams) =>
  queryOptions({
    queryKey: userKeys.list(params),
    queryFn: async ({ signal }) => {
      const res = await call<UsersListData>(users.list, { query: { ...params } }, { silent: true, signal });
      if (!isUsersList(res.data)) throw new Error('Unexpected data format');
      return res.data;
    },
    placeholderData: keepPreviousData,
  });

export const rolesQuery = queryOptions({
  queryKey: userKeys.roles,
  queryFn: async () => (await call<{ roles: { name: Role }[] }>(users.getAllRoles, {}, { silent: true })).data.roles,
  staleTime: Infinity,
});

export type UserFormBody = Omit<UserRow, 'id' | 'group'> & { group: string; password?: string };

export const createUser = (body: UserFormBody) => call<UserRow>(users.create, { body }, { silent: true });
export const updateUser = (id: number, body: UserFormBody) =>
  call<UserRow>(users.update, { params: { id }, body }, { silent: true });
export const deleteUser = (id: number) => call(users.remove, { params: { id } }, { silent: true });
export const updatePassword = (user_id: number, new_password: string) =>
  call(users.updatePassword, { body: { user_id, new_password } }, { silent: true });
export const unlockSignIn = (user_id: number) => call(users.unlockSignIn, { body: { user_id } }, { silent: true });
/** The categories a cm manages (deleting the cm leaves them without a manager). */
export const managedCategories = async (user_id: number) =>
  (await call<{ categories: { name: string }[] }>(users.getManagerCategory, { body: { user_id } }, { silent: true })).data.categories;
