import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { can, USER_SEARCH_FIELDS, USER_SORT_FIELDS, type UserListRow, type UserRow } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { useCurrentUser } from '@/lib/session';
import { useLastGood } from '@/lib/use-last-good';
import type { ListUrlSpec } from '@/lib/list-url';
import { useListParams } from '@/lib/use-list-params';
import { usersListQuery } from '../api';
import { ChangePasswordDialog } from '../components/change-password-dialog';
import { DeleteUserDialog } from '../components/delete-user-dialog';
import { SignInAsDialog } from '../components/sign-in-as-dialog';
import { UnlockSignInDialog } from '../components/unlock-sign-in-dialog';
import { UserFormDialog } from '../components/user-form-dialog';
import { UsersTable } from '../components/users-table';
import { UsersToolbar, type UserSearchField } from '../components/users-toolbar';

type SortField = (typeof USER_SORT_FIELDS)[number];
const LIST: ListUrlSpec<UserSearchField, SortField, 'admins'> = {
  sortFields: USER_SORT_FIELDS,
  defaultSort: 'name',
  fields: USER_SEARCH_FIELDS,
  defaultField: 'all',
  filters: { admins: 'flag' },
};

export default function UsersPage() {
  const { t } = useTranslation();
  const me = useCurrentUser()!;
  const list = useListParams(LIST);
  const adminOnly = list.filters.admins === '1';
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<UserRow | null>(null);
  const [passwordFor, setPasswordFor] = useState<UserRow | null>(null);
  const [deleting, setDeleting] = useState<UserRow | null>(null);
  const [signingInAs, setSigningInAs] = useState<UserRow | null>(null);
  const [unlocking, setUnlocking] = useState<UserListRow | null>(null);

  const query = useQuery(
    usersListQuery({ ...list.params, obj_search: { field: list.field, input_value: list.searchText, admin_only: adminOnly } }),
  );
  const data = useLastGood(query.data);
  const rows = data?.users ?? [];

  // The Administrators-only switch resets sorting and the list.
  const onAdminOnly = (value: boolean) => list.resetSort({ admins: value ? '1' : '' });

  return (
    <section className="grid gap-4">
      <PageHeader title={t('users.title')}>
        {can(me.role, 'users.create') && (
          <Button
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
          >
            <Plus /> {t('users.create')}
          </Button>
        )}
      </PageHeader>
      <UsersToolbar
        pageSize={list.pageSize}
        onPageSize={list.setPageSize}
        adminOnly={adminOnly}
        onAdminOnly={onAdminOnly}
        field={list.field}
        onField={list.setField}
        text={list.text}
        onText={list.setText}
        onClear={list.clearSearch}
      />
      <UsersTable
        rows={rows}
        loading={query.isPending}
        me={me}
        sort={list.sort}
        onSort={list.setSort}
        actions={{
          onEdit: (row) => {
            setEditing(row);
            setFormOpen(true);
          },
          onPassword: setPasswordFor,
          onDelete: setDeleting,
          onSignInAs: setSigningInAs,
          onUnlockSignIn: setUnlocking,
        }}
      />
      <Pagination page={list.page} pageSize={list.pageSize} total={data?.total ?? 0} onPage={list.setPage} />
      <UserFormDialog open={formOpen} onOpenChange={setFormOpen} user={editing} me={me} categories={data?.arr_categories ?? []} />
      <ChangePasswordDialog user={passwordFor} onClose={() => setPasswordFor(null)} />
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
      <SignInAsDialog user={signingInAs} onClose={() => setSigningInAs(null)} />
      <UnlockSignInDialog user={unlocking} onClose={() => setUnlocking(null)} />
    </section>
  );
}
