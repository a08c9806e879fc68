import { useTranslation } from 'react-i18next';
import type { DESIGN_SORT_FIELDS, DesignRow } from '@promo/shared';
import { RowActions } from '@/components/ui/row-actions';
import { SortableHead, type SortState } from '@/components/ui/sortable-head';
import { EmptyRow, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

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
        {rows.length === 0 && <EmptyRow colSpan={COLUMNS.length + (actions ? 1 : 0)} loading={loading} emptyText={t('designs.empty')} />}
        {rows.map((row) => (
          <TableRow key={row.id} data-testid={`design-row-${row.id}`}>
            <TableCell className="font-medium">{row.name}</TableCell>
            <TableCell>{row.category?.name}</TableCell>
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
