import { useTranslation } from 'react-i18next';
import { Pencil, Trash2 } from 'lucide-react';
import type { CategoryRow } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

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
        {rows.length === 0 && (
          <TableRow>
            <TableCell colSpan={columns} className="py-8 text-center text-muted-foreground">
              {loading ? t('common.load_data') : t('categories.empty')}
            </TableCell>
          </TableRow>
        )}
        {rows.map((row) => (
          <TableRow key={row.id} data-testid={`category-row-${row.name}`}>
            <TableCell className="font-medium">{row.name}</TableCell>
            <TableCell>{row.manager ? `${row.manager.name} ${row.manager.surname}`.trim() : ''}</TableCell>
            <TableCell>{row.groups.join(', ')}</TableCell>
            <TableCell>{row.required ? t('common.yes') : t('common.no')}</TableCell>
            {actions && (
              <TableCell>
                <div className="flex justify-end gap-1">
                  <Button variant="ghost" size="icon" title={t('common.edit')} aria-label={t('common.edit')} onClick={() => actions.onEdit(row)}>
                    <Pencil />
                  </Button>
                  <Button variant="ghost" size="icon" title={t('common.delete')} aria-label={t('common.delete')} onClick={() => actions.onDelete(row)}>
                    <Trash2 className="text-destructive" />
                  </Button>
                </div>
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
