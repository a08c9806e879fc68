import { z } from 'zod';
import { GROUPS, MAX_TEXT_LENGTH, ROLES, type Group, type Role } from '../constants';
import { endpoint } from '../endpoint';
import { zBool, zId, zIdList, zIdParam, zOptionalEnum, zOptionalText } from '../form-values';
import { listParams, searchText } from '../list-params';
import { updateBodyOf } from '../update-body';
import { emailField, nameField, newPasswordField } from '../validation';

export const USER_SEARCH_FIELDS = ['all', 'company', 'role', 'email', 'phone', 'address'] as const;
export const USER_SORT_FIELDS = ['name', 'company', 'role', 'email', 'phone', 'address', 'status'] as const;
export const USER_TEXT_FIELDS = [
  'surname',
  'name_invoice_recipient',
  'email_invoice_recipient',
  'company_name',
  'company_number',
  'reference_number',
  'c_o',
  'postcode',
  'post_address',
  'phone',
  'phone_2',
  'municipality_number',
  'kommune',
  'country',
  'number_country',
] as const;

export const usersListQuery = listParams({
  sortFields: USER_SORT_FIELDS,
  defaultSort: 'name',
  search: {
    field: z.enum(USER_SEARCH_FIELDS).default('all'),
    input_value: searchText,
    admin_only: zBool.default(false),
  },
});
export type UsersListQuery = z.infer<typeof usersListQuery>;

const textFields = Object.fromEntries(USER_TEXT_FIELDS.map((f) => [f, zOptionalText(MAX_TEXT_LENGTH)])) as {
  [K in (typeof USER_TEXT_FIELDS)[number]]: ReturnType<typeof zOptionalText>;
};

const userFields = {
  email: emailField,
  name: nameField,
  ...textFields,
  status: zBool.default(true),
  group: zOptionalEnum(GROUPS),
  role: z.enum(ROLES, 'invalid_role').default('user'),
  category_ids: zIdList.default([]),
  /** Signs in only through single sign-on: a password sign-in is refused (decision 035). */
  sso_only: zBool.default(false),
};

export const userCreateBody = z.object({ ...userFields, password: newPasswordField });
/** On edit every field is optional: only what is sent changes; a password is never changed here. */
export const userUpdateBody = updateBodyOf(userFields);
export type UserCreateBody = z.infer<typeof userCreateBody>;
export type UserUpdateBody = z.infer<typeof userUpdateBody>;

export const updatePasswordBody = z.object({ user_id: zId, new_password: newPasswordField });

export const USERS_BY_FIELD = ['role'] as const;

export interface UserRow {
  id: number;
  email: string;
  name: string;
  surname: string;
  name_invoice_recipient: string;
  email_invoice_recipient: string;
  company_name: string;
  company_number: string;
  reference_number: string;
  c_o: string;
  postcode: string;
  post_address: string;
  phone: string;
  phone_2: string;
  municipality_number: string;
  kommune: string;
  country: string;
  number_country: string;
  status: boolean;
  group: Group | null;
  role: Role;
  category_ids: number[];
  sso_only: boolean;
}

/** A row of the users list: also whether the account is locked for browsers it has not signed in from (decision 027). */
export interface UserListRow extends UserRow {
  sign_in_locked: boolean;
}

export interface UsersListData {
  users: UserListRow[];
  total: number;
  arr_categories: { id: number; name: string }[];
}

export const users = {
  list: endpoint({
    method: 'GET',
    path: '/api/users',
    access: 'users.view',
    query: usersListQuery,
    summary: 'List users a page at a time, searched and sorted, with the categories to pick from',
    example: {
      query: {
        count_show: 25,
        start_index: 0,
        obj_search: { field: 'company', input_value: 'Grünerløkka', admin_only: false },
        sort_by: 'name',
        sort_count: 2,
      },
    },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/users',
    access: 'users.create',
    body: userCreateBody,
    answer: 'created',
    summary: 'Create a user (a station, a category manager, a designer …)',
    example: {
      body: {
        email: 'grunerlokka@stasjon.example.no',
        password: 'Sommer2027',
        name: 'Stasjon',
        surname: 'Grünerløkka',
        company_name: 'Grünerløkka Handel AS',
        company_number: '912345678',
        post_address: 'Thorvald Meyers gate 40',
        postcode: '0552',
        kommune: 'Oslo',
        municipality_number: '0301',
        country: 'Norge',
        phone: '+47 22 35 10 00',
        status: true,
        group: 'DO+',
        role: 'user',
        category_ids: [],
      },
    },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/users/{id}',
    access: 'authenticated',
    params: zIdParam,
    body: userUpdateBody,
    summary: 'Change a user: only the fields sent (a manager of users edits the roles it manages, anyone else only itself)',
    example: { params: { id: 57 }, body: { phone: '+47 912 34 567', post_address: 'Thorvald Meyers gate 42' } },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/users/{id}',
    access: 'users.delete',
    params: zIdParam,
    summary: 'Delete a user (never oneself); its sessions end',
    example: { params: { id: 57 } },
  }),
  getAllRoles: endpoint({
    method: 'POST',
    path: '/api/users/get-all-roles',
    access: 'users.view',
    summary: 'The roles the caller may give a user',
    example: {},
  }),
  updatePassword: endpoint({
    method: 'POST',
    path: '/api/users/update-password',
    access: 'users.updatePassword',
    body: updatePasswordBody,
    summary: "Set another user's password; its sessions end",
    example: { body: { user_id: 57, new_password: 'Vinter2027' } },
  }),
  unlockSignIn: endpoint({
    method: 'POST',
    path: '/api/users/unlock-sign-in',
    access: 'users.unlockSignIn',
    body: z.object({ user_id: zId }),
    summary: "Lift a user's sign-in lockout: its failed attempts so far count no more",
    example: { body: { user_id: 57 } },
  }),
  getManagerCategory: endpoint({
    method: 'POST',
    path: '/api/users/get-manager-category',
    access: 'users.delete',
    body: z.object({ user_id: zId }),
    summary: 'The categories a user manages (asked before deleting a category manager)',
    example: { body: { user_id: 12 } },
  }),
  getUsersByField: endpoint({
    method: 'POST',
    path: '/api/users/get-users-by-field',
    access: 'users.listByField',
    body: z.object({ field: z.enum(USERS_BY_FIELD), value: z.enum(ROLES) }),
    summary: 'The active users of a role (the pickers of managers, printers, distributors)',
    example: { body: { field: 'role', value: 'cm' } },
  }),
};
