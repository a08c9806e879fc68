import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { can, DEFAULT_PAGE_SIZE, SORT_DESC, type UserRow, type USER_SORT_FIELDS } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import type { SortState } from '@/components/ui/sortable-head';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/session';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useLastGood } from '@/lib/use-last-good';
import { signInAs } from '@/features/auth/api';
import { usersListQuery } from '../api';
import { ChangePasswordDialog } from '../components/change-password-dialog';
import { DeleteUserDialog } from '../components/delete-user-dialog';
import { UserFormDialog } from '../components/user-form-dialog';
import { UsersTable } from '../components/users-table';
import { UsersToolbar, type UsersFilters } from '../components/users-toolbar';

type SortField = (typeof USER_SORT_FIELDS)[number];
const DEFAULT_SORT: SortState<SortField> = { sort_by: 'name', sort_count: SORT_DESC };
const NO_FILTERS: UsersFilters = { field: 'all', text: '', adminOnly: false };

export default function UsersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useCurrentUser()!;
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [filters, setFilters] = useState(NO_FILTERS);
  const [sort, setSort] = useState(DEFAULT_SORT);
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<UserRow | null>(null);
  const [passwordFor, setPasswordFor] = useState<UserRow | null>(null);
  const [deleting, setDeleting] = useState<UserRow | null>(null);
  const text = useDebouncedValue(filters.text.trim(), 500);

  const list = useQuery(
    usersListQuery({
      count_show: pageSize,
      start_index: (page - 1) * pageSize,
      obj_search: { field: filters.field, input_value: text, admin_only: filters.adminOnly },
      ...sort,
    }),
  );
  const data = useLastGood(list.data);
  const rows = data?.users ?? [];

  const onFilters = (next: UsersFilters) => {
    // The Administrators-only switch resets sorting and the list.
    if (next.adminOnly !== filters.adminOnly) setSort(DEFAULT_SORT);
    setFilters(next);
    setPage(1);
  };

  const onSignInAs = async (row: UserRow) => {
    const res = await signInAs(row.id);
    toast({ title: t('toast.system_message'), description: serverMessage(res) });
    navigate('/');
  };

  return (
    <section className="grid gap-4">
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-semibold">{t('users.title')}</h1>
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
      </div>
      <UsersToolbar
        pageSize={pageSize}
        onPageSize={(size) => {
          setPageSize(size);
          setPage(1);
        }}
        filters={filters}
        onFilters={onFilters}
        onClear={() => onFilters({ ...NO_FILTERS, adminOnly: filters.adminOnly })}
      />
      <UsersTable
        rows={rows}
        loading={list.isPending}
        me={me}
        sort={sort}
        onSort={(next) => {
          setSort(next);
          setPage(1);
        }}
        actions={{
          onEdit: (row) => {
            setEditing(row);
            setFormOpen(true);
          },
          onPassword: setPasswordFor,
          onDelete: setDeleting,
          onSignInAs: (row) => void onSignInAs(row),
        }}
      />
      <Pagination page={page} pageSize={pageSize} total={data?.total ?? 0} onPage={setPage} />
      <UserFormDialog open={formOpen} onOpenChange={setFormOpen} user={editing} me={me} categories={data?.arr_categories ?? []} />
      <ChangePasswordDialog user={passwordFor} onClose={() => setPasswordFor(null)} />
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}
