import { useTranslation } from 'react-i18next';
import { Check, Copy } from 'lucide-react';
import type { SurfaceRow, SURFACE_SORT_FIELDS } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { RowActions } from '@/components/ui/row-actions';
import { Thumbnail } from '@/components/ui/image-viewer';
import { SortableHead, type SortState } from '@/components/ui/sortable-head';
import { EmptyRow, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatSurfaceSize } from '@/lib/format';

type SortField = (typeof SURFACE_SORT_FIELDS)[number];
const SORTABLE: SortField[] = ['vendor_code', 'name', 'type_surface', 'size_surface', 'description', 'divided_bool'];

export function SurfacesTable({
  rows,
  loading,
  manage,
  sort,
  onSort,
  onImage,
  onEdit,
  onClone,
  onDelete,
}: {
  rows: SurfaceRow[];
  loading: boolean;
  manage: boolean;
  sort: SortState<SortField>;
  onSort: (next: SortState<SortField>) => void;
  onImage: (src: string, row: SurfaceRow) => void;
  onEdit: (row: SurfaceRow) => void;
  onClone: (row: SurfaceRow) => void;
  onDelete: (row: SurfaceRow) => void;
}) {
  const { t } = useTranslation();
  const columns = SORTABLE.length + 1 + (manage ? 1 : 0);
  return (
    <Table data-testid="surfaces-table">
      <TableHeader>
        <TableRow>
          <TableHead>{t('surfaces.columns.image')}</TableHead>
          {SORTABLE.map((c) => (
            <SortableHead key={c} field={c} sort={sort} onSort={onSort}>
              {t(`surfaces.columns.${c}`)}
            </SortableHead>
          ))}
          {manage && <TableHead className="text-right">{t('common.actions')}</TableHead>}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.length === 0 && <EmptyRow colSpan={columns} loading={loading} emptyText={t('surfaces.empty')} />}
        {rows.map((row) => (
          <TableRow key={row.id} data-testid={`surface-row-${row.vendor_code}`}>
            <TableCell>
              <Thumbnail urls={row.url_images} alt={row.name} onOpen={(src) => onImage(src, row)} />
            </TableCell>
            <TableCell className="font-mono">{row.vendor_code}</TableCell>
            <TableCell className="min-w-32 font-medium">{row.name}</TableCell>
            <TableCell>{row.type_surface}</TableCell>
            <TableCell className="whitespace-nowrap">{formatSurfaceSize(row.size_surface)}</TableCell>
            <TableCell className="max-w-44 truncate" title={row.description}>
              {row.description}
            </TableCell>
            <TableCell>
              {row.divided_bool ? <Check className="size-4 text-green-600" aria-label={t('common.yes')} /> : <span role="img" aria-label={t('common.no')}>–</span>}
            </TableCell>
            {manage && (
              <TableCell>
                <RowActions onEdit={() => onEdit(row)} onDelete={() => onDelete(row)}>
                  <Button variant="ghost" size="icon" title={t('surfaces.clone')} aria-label={t('surfaces.clone')} onClick={() => onClone(row)}>
                    <Copy />
                  </Button>
                </RowActions>
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
