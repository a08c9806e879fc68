import { useTranslation } from 'react-i18next';
import { CheckCircle2, KeyRound, LockOpen, LogIn, Pencil, Trash2, XCircle } from 'lucide-react';
import { can, mayChangePassword, mayDeleteUser, mayEditUser, maySignInAs, type SessionUser, type UserListRow, type USER_SORT_FIELDS } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { SortableHead, type SortState } from '@/components/ui/sortable-head';
import { EmptyRow, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

type SortField = (typeof USER_SORT_FIELDS)[number];

export interface UserRowActions {
  onEdit: (row: UserListRow) => void;
  onPassword: (row: UserListRow) => void;
  onDelete: (row: UserListRow) => void;
  onSignInAs: (row: UserListRow) => void;
  onUnlockSignIn: (row: UserListRow) => void;
}

const COLUMNS: SortField[] = ['name', 'company', 'role', 'email', 'phone', 'address', 'status'];

export function UsersTable({
  rows,
  loading,
  me,
  sort,
  onSort,
  actions,
}: {
  rows: UserListRow[];
  loading: boolean;
  me: SessionUser;
  sort: SortState<SortField>;
  onSort: (next: SortState<SortField>) => void;
  actions: UserRowActions;
}) {
  const { t } = useTranslation();
  return (
    <Table data-testid="users-table">
      <TableHeader>
        <TableRow>
          {COLUMNS.map((c) => (
            <SortableHead key={c} field={c} sort={sort} onSort={onSort}>
              {t(`users.columns.${c}`)}
            </SortableHead>
          ))}
          <TableHead className="text-right">{t('common.actions')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.length === 0 && <EmptyRow colSpan={COLUMNS.length + 1} loading={loading} emptyText={t('users.empty')} />}
        {rows.map((row) => (
          <TableRow key={row.id} data-testid={`user-row-${row.email}`}>
            <TableCell className="font-medium">
              {row.name} {row.surname}
            </TableCell>
            <TableCell>{row.company_name}</TableCell>
            <TableCell>{t(`roles.${row.role}`)}</TableCell>
            <TableCell>{row.email}</TableCell>
            <TableCell>{row.phone}</TableCell>
            <TableCell>{[row.post_address, [row.postcode, row.kommune].filter(Boolean).join(' ')].filter(Boolean).join(', ')}</TableCell>
            <TableCell>
              <div className="flex flex-wrap items-center gap-1">
                {row.status ? (
                  <CheckCircle2 className="size-4 shrink-0 text-green-600" aria-label={t('users.active')} />
                ) : (
                  <XCircle className="size-4 shrink-0 text-red-600" aria-label={t('users.inactive')} />
                )}
                {row.sign_in_locked && (
                  <span data-testid="sign-in-locked" className="rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs text-amber-800">
                    {t('users.sign_in_locked')}
                  </span>
                )}
                {/* Beside the lock it lifts, so a locked row has no more action buttons than others (a fifth made the table scroll at 1280 px). */}
                {row.sign_in_locked && can(me.role, 'users.unlockSignIn') && (
                  <Button variant="ghost" size="icon" className="size-7" title={t('users.unlock_sign_in')} aria-label={t('users.unlock_sign_in')} onClick={() => actions.onUnlockSignIn(row)}>
                    <LockOpen />
                  </Button>
                )}
              </div>
            </TableCell>
            <TableCell>
              <div className="flex justify-end gap-1">
                {maySignInAs(me, row) && (
                  <Button variant="ghost" size="icon" title={t('users.sign_in_as')} aria-label={t('users.sign_in_as')} onClick={() => actions.onSignInAs(row)}>
                    <LogIn />
                  </Button>
                )}
                {mayEditUser(me, row) && (
                  <Button variant="ghost" size="icon" title={t('common.edit')} aria-label={t('common.edit')} onClick={() => actions.onEdit(row)}>
                    <Pencil />
                  </Button>
                )}
                {mayChangePassword(me, row) && (
                  <Button variant="ghost" size="icon" title={t('users.change_password')} aria-label={t('users.change_password')} onClick={() => actions.onPassword(row)}>
                    <KeyRound />
                  </Button>
                )}
                {mayDeleteUser(me, row) && (
                  <Button variant="ghost" size="icon" title={t('common.delete')} aria-label={t('common.delete')} onClick={() => actions.onDelete(row)}>
                    <Trash2 className="text-destructive" />
                  </Button>
                )}
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
