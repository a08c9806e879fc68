import { useTranslation } from 'react-i18next';
import { Pencil, Trash2 } from 'lucide-react';
import type { DESIGN_SORT_FIELDS, DesignRow } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { SortableHead, type SortState } from '@/components/ui/sortable-head';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

export type DesignSortField = (typeof DESIGN_SORT_FIELDS)[number];

export interface DesignRowActions {
  onEdit: (row: DesignRow) => void;
  onDelete: (row: DesignRow) => void;
}

const COLUMNS: DesignSortField[] = ['name', 'category'];

export function DesignsTable({
  rows,
  loading,
  sort,
  onSort,
  actions,
}: {
  rows: DesignRow[];
  loading: boolean;
  sort: SortState<DesignSortField>;
  onSort: (next: SortState<DesignSortField>) => void;
  /** Edit and delete for those who manage the catalogue; absent, the actions column is not shown. */
  actions?: DesignRowActions;
}) {
  const { t } = useTranslation();
  return (
    <Table data-testid="designs-table">
      <TableHeader>
        <TableRow>
          {COLUMNS.map((c) => (
            <SortableHead key={c} field={c} sort={sort} onSort={onSort}>
              {t(`designs.fields.${c}`)}
            </SortableHead>
          ))}
          {actions && <TableHead className="text-right">{t('common.actions')}</TableHead>}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.length === 0 && (
          <TableRow>
            <TableCell colSpan={COLUMNS.length + (actions ? 1 : 0)} className="py-8 text-center text-muted-foreground">
              {loading ? t('common.load_data') : t('designs.empty')}
            </TableCell>
          </TableRow>
        )}
        {rows.map((row) => (
          <TableRow key={row.id} data-testid={`design-row-${row.id}`}>
            <TableCell className="font-medium">{row.name}</TableCell>
            <TableCell>{row.category?.name}</TableCell>
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
