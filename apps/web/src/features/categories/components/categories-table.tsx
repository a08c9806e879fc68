import { useTranslation } from 'react-i18next';
import type { CategoryRow } from '@promo/shared';
import { RowActions } from '@/components/ui/row-actions';
import { EmptyRow, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

export interface CategoryRowActions {
  onEdit: (row: CategoryRow) => void;
  onDelete: (row: CategoryRow) => void;
}

export function CategoriesTable({
  rows,
  loading,
  actions,
}: {
  rows: CategoryRow[];
  loading: boolean;
  /** Edit and delete for those who manage the catalogue; absent, the actions column is not shown. */
  actions?: CategoryRowActions;
}) {
  const { t } = useTranslation();
  const columns = actions ? 5 : 4;
  return (
    <Table data-testid="categories-table">
      <TableHeader>
        <TableRow>
          <TableHead>{t('categories.fields.name')}</TableHead>
          <TableHead>{t('categories.fields.manager')}</TableHead>
          <TableHead>{t('categories.fields.groups')}</TableHead>
          <TableHead>{t('categories.fields.required')}</TableHead>
          {actions && <TableHead className="text-right">{t('common.actions')}</TableHead>}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.length === 0 && <EmptyRow colSpan={columns} loading={loading} emptyText={t('categories.empty')} />}
        {rows.map((row) => (
          <TableRow key={row.id} data-testid={`category-row-${row.name}`}>
            <TableCell className="font-medium">{row.name}</TableCell>
            <TableCell>{row.manager ? `${row.manager.name} ${row.manager.surname}`.trim() : ''}</TableCell>
            <TableCell>{row.groups.join(', ')}</TableCell>
            <TableCell>{row.required ? t('common.yes') : t('common.no')}</TableCell>
            {actions && (
              <TableCell>
                <RowActions onEdit={() => actions.onEdit(row)} onDelete={() => actions.onDelete(row)} />
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
