import { useTranslation } from 'react-i18next';
import { CheckCircle2, ImageOff, XCircle } from 'lucide-react';
import { PRODUCT_SORT_FIELDS, type ProductRow } from '@promo/shared';
import { RowActions } from '@/components/ui/row-actions';
import { Thumbnail } from '@/components/ui/image-viewer';
import { SortableHead, type SortState } from '@/components/ui/sortable-head';
import { EmptyRow, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatMoney } from '@/lib/format';

export type ProductSortField = (typeof PRODUCT_SORT_FIELDS)[number];

export interface ProductRowActions {
  onEdit: (row: ProductRow) => void;
  onDelete: (row: ProductRow) => void;
}

export function ProductsTable({
  rows,
  loading,
  sort,
  onSort,
  onOpenImage,
  actions,
}: {
  rows: ProductRow[];
  loading: boolean;
  sort: SortState<ProductSortField>;
  onSort: (next: SortState<ProductSortField>) => void;
  onOpenImage: (src: string, title: string) => void;
  /** Edit and delete, for those who may manage the catalogue; absent means read-only. */
  actions?: ProductRowActions;
}) {
  const { t } = useTranslation();
  const columnCount = PRODUCT_SORT_FIELDS.length + 1 + (actions ? 1 : 0);
  const cell = (row: ProductRow, field: Exclude<ProductSortField, 'status'>) => {
    switch (field) {
      case 'name':
        return <TableCell key={field} className="font-medium">{row.name}</TableCell>;
      case 'price_per_item':
        return <TableCell key={field} className="tabular-nums">{formatMoney(row.price_per_item)}</TableCell>;
      case 'ean':
      case 'vendor_code':
        return <TableCell key={field} className="tabular-nums">{row[field]}</TableCell>;
      default:
        return <TableCell key={field}>{row[field]}</TableCell>;
    }
  };
  return (
    // Eleven columns: tighter than the shared table, long headings may wrap, so all fit next to the sidebar.
    <Table data-testid="products-table" className="text-xs [&_td]:px-2 [&_th]:px-2 [&_th]:whitespace-normal [&_th_svg]:shrink-0">
      <TableHeader>
        <TableRow>
          <TableHead>{t('common.image')}</TableHead>
          {PRODUCT_SORT_FIELDS.map((c) => (
            <SortableHead key={c} field={c} sort={sort} onSort={onSort}>
              {t(`products.fields.${c}`)}
            </SortableHead>
          ))}
          {actions && <TableHead className="text-right">{t('common.actions')}</TableHead>}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.length === 0 && <EmptyRow colSpan={columnCount} loading={loading} emptyText={t('products.empty')} />}
        {rows.map((row) => (
          <TableRow key={row.id} data-testid={`product-row-${row.ean}`}>
            {/* A small thumbnail: the shared one is 48 px high, which would push the actions out of view. */}
            <TableCell className="[&_img]:h-8 [&_img]:max-w-12">
              {row.url_images ? (
                <Thumbnail urls={row.url_images} alt={row.name} onOpen={(src) => onOpenImage(src, row.name)} />
              ) : (
                // A small mark instead of the thumbnail's text keeps the column narrow.
                <ImageOff className="size-4 text-muted-foreground" role="img" aria-label={t('common.no_image')} />
              )}
            </TableCell>
            {PRODUCT_SORT_FIELDS.map((c) =>
              c === 'status' ? (
                <TableCell key={c}>
                  {row.status ? (
                    <CheckCircle2 className="size-4 text-green-600" role="img" aria-label={t('products.active')} />
                  ) : (
                    <XCircle className="size-4 text-red-600" role="img" aria-label={t('products.inactive')} />
                  )}
                </TableCell>
              ) : (
                cell(row, c)
              ),
            )}
            {actions && (
              <TableCell>
                <RowActions compact onEdit={() => actions.onEdit(row)} onDelete={() => actions.onDelete(row)} />
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
