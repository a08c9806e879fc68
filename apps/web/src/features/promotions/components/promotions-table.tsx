import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Eye } from 'lucide-react';
import type { PromotionRow, PROMOTION_SORT_FIELDS } from '@promo/shared';
import { SortableHead, type SortState } from '@/components/ui/sortable-head';
import { EmptyRow, STICKY_HEAD_BG, stickyColumn, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { formatDate, formatDay } from '@/lib/format';
import { PromotionStatus } from './promotion-status';
import { DeadlineBadge, type DeadlineAudience } from './deadline-badge';

type SortField = (typeof PROMOTION_SORT_FIELDS)[number];

export function PromotionsTable({
  rows,
  statusNames,
  loading,
  sort,
  onSort,
  onImage,
  actions,
  activeId,
  imageFirst,
  audience,
}: {
  rows: PromotionRow[];
  statusNames: string[] | undefined;
  loading: boolean;
  sort: SortState<SortField>;
  onSort: (next: SortState<SortField>) => void;
  onImage: (row: PromotionRow) => void;
  /** The buttons of a row's action column. */
  actions: (row: PromotionRow) => ReactNode;
  /** The promotion the user came back from: its row is marked. */
  activeId?: number | null;
  /** The station's list puts the image first (spec 001 §2.11). */
  imageFirst?: boolean;
  audience?: DeadlineAudience;
}) {
  const { t } = useTranslation();
  const imageHead = <TableHead>{t('promotions.columns.image')}</TableHead>;
  const imageCell = (row: PromotionRow) => (
    <TableCell>
      {row.url_images ? (
        <div className="group relative w-fit">
          <img src={row.url_images.w_200} alt={row.name} loading="lazy" className="max-h-24 w-auto max-w-[200px] rounded" />
          <button
            type="button"
            aria-label={t('common.enlarge_image')}
            onClick={() => onImage(row)}
            className="absolute inset-0 flex cursor-zoom-in items-center justify-center rounded bg-black/40 text-white opacity-0 transition-opacity group-hover:opacity-100 focus-visible:opacity-100"
          >
            <Eye className="size-5" />
          </button>
        </div>
      ) : (
        <span className="text-xs text-muted-foreground">{t('common.no_image')}</span>
      )}
    </TableCell>
  );
  return (
    <Table data-testid="promotions-table">
      <TableHeader>
        <TableRow>
          {imageFirst && imageHead}
          <SortableHead field="name" sort={sort} onSort={onSort}>
            {t('promotions.columns.name')}
          </SortableHead>
          {!imageFirst && imageHead}
          <SortableHead field="created_at" sort={sort} onSort={onSort}>
            {t('promotions.columns.created')}
          </SortableHead>
          <SortableHead field="period" sort={sort} onSort={onSort}>
            {t('promotions.columns.period')}
          </SortableHead>
          <SortableHead field="status" sort={sort} onSort={onSort}>
            {t('promotions.columns.status')}
          </SortableHead>
          <TableHead className={cn('text-right', stickyColumn('right', STICKY_HEAD_BG))}>{t('common.actions')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.length === 0 && <EmptyRow colSpan={6} loading={loading} emptyText={t('promotions.empty')} />}
        {rows.map((row) => (
          <TableRow
            key={row.id}
            data-testid={`promotion-row-${row.id}`}
            data-state={row.id === activeId ? 'active' : undefined}
            className={row.id === activeId ? 'bg-accent' : undefined}
          >
            {imageFirst && imageCell(row)}
            <TableCell className="font-medium">{row.name}</TableCell>
            {!imageFirst && imageCell(row)}
            <TableCell>{formatDate(row.created_at)}</TableCell>
            <TableCell className="whitespace-nowrap">
              {formatDay(row.period.from)} – {formatDay(row.period.to)}
            </TableCell>
            <TableCell>
              <div className="flex flex-col items-start gap-1">
                <PromotionStatus status={row.status} names={statusNames} sentToPrinters={row.sent_to_printers_at !== null} />
                <DeadlineBadge deadline={row.deadline} audience={audience} />
              </div>
            </TableCell>
            <TableCell className={stickyColumn('right', row.id === activeId ? 'max-lg:bg-accent' : undefined)}>
              <div className="flex justify-end">{actions(row)}</div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
