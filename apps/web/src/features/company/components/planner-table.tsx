import { useTranslation } from 'react-i18next';
import { Clock, Lock, Save } from 'lucide-react';
import { amountTextError, type PlannerSurface, type PLANNER_SORT_FIELDS } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { Thumbnail } from '@/components/ui/image-viewer';
import { SortableHead, type SortState } from '@/components/ui/sortable-head';
import { EmptyRow, STICKY_HEAD_BG, stickyColumn, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { formatSurfaceSize } from '@/lib/format';
import { AmountField } from './amount-field';

type SortField = (typeof PLANNER_SORT_FIELDS)[number];

export interface PlannerRowState {
  /** The amount on the server. */
  saved: number;
  /** What the input shows. */
  draft: string;
  changed: boolean;
  saving: boolean;
  /** `saved` is on this device, waiting to be sent (the offline queue). */
  waiting?: boolean;
  /** The server's refusal of the last save, in words. */
  failed?: string;
}

/** A row whose typed amount can be saved: changed, a whole number, not saving, not locked. */
export const isSavable = (row: PlannerSurface, state: PlannerRowState) =>
  state.changed && state.draft !== '' && amountTextError(state.draft) === null && !state.saving && !row.locked;

export function PlannerTable({
  rows,
  loading,
  sort,
  onSort,
  rowState,
  onDraft,
  onRevert,
  onSave,
  onImage,
}: {
  rows: PlannerSurface[];
  loading: boolean;
  sort: SortState<SortField>;
  onSort: (next: SortState<SortField>) => void;
  rowState: (row: PlannerSurface) => PlannerRowState;
  onDraft: (row: PlannerSurface, value: string) => void;
  onRevert: (row: PlannerSurface) => void;
  onSave: (row: PlannerSurface) => void;
  onImage: (src: string, row: PlannerSurface) => void;
}) {
  const { t } = useTranslation();
  const head = (field: SortField, className?: string) => (
    <SortableHead field={field} sort={sort} onSort={onSort} className={className}>
      {t(`company.planner.columns.${field}`)}
    </SortableHead>
  );
  return (
    <Table data-testid="planner-table">
      <TableHeader>
        <TableRow>
          {head('name', stickyColumn('left', STICKY_HEAD_BG))}
          {head('vendor_code')}
          {head('type_surface')}
          {head('size_surface')}
          <TableHead>{t('company.planner.columns.image')}</TableHead>
          {head('description')}
          {head('amount')}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.length === 0 && <EmptyRow colSpan={7} loading={loading} emptyText={t('company.planner.empty')} />}
        {rows.map((row) => {
          const state = rowState(row);
          const savable = isSavable(row, state);
          return (
            <TableRow
              key={row.id}
              data-testid={`planner-row-${row.vendor_code}`}
              data-changed={state.changed || undefined}
              className={cn(state.changed && 'bg-amber-50 hover:bg-amber-100/60')}
            >
              <TableCell className={cn('min-w-32 font-medium', stickyColumn('left', state.changed ? 'max-lg:bg-amber-50' : undefined))}>
                <span className="inline-flex items-center gap-2">
                  {state.changed && (
                    // role img: a span may carry an accessible name only with a role (axe's aria-prohibited-attr).
                    <span role="img" className="size-2 shrink-0 rounded-full bg-amber-500" title={t('company.planner.changed')} aria-label={t('company.planner.changed')} />
                  )}
                  {row.name}
                </span>
              </TableCell>
              <TableCell className="font-mono">{row.vendor_code}</TableCell>
              <TableCell>{row.type_surface}</TableCell>
              <TableCell className="whitespace-nowrap">{formatSurfaceSize(row.size_surface)}</TableCell>
              <TableCell>
                <Thumbnail urls={row.url_images} alt={row.name} onOpen={(src) => onImage(src, row)} />
              </TableCell>
              <TableCell className="max-w-44 truncate" title={row.description}>
                {row.description}
              </TableCell>
              <TableCell>
                <div className="flex items-start gap-2">
                  <AmountField label={row.name} value={state.draft} disabled={row.locked} onChange={(v) => onDraft(row, v)} onRevert={() => onRevert(row)} onEnter={() => savable && onSave(row)} />
                  {row.locked ? (
                    <span className="inline-flex items-center gap-1 text-xs text-muted-foreground" title={t('company.planner.locked_hint')}>
                      <Lock className="size-3.5" aria-hidden /> {t('company.planner.locked')}
                    </span>
                  ) : (
                    <>
                      {state.changed && (
                        <Button size="sm" onClick={() => onSave(row)} disabled={!savable} aria-label={t('company.planner.save_of', { name: row.name })}>
                          <Save /> {t('common.save')}
                        </Button>
                      )}
                      {state.waiting && !state.changed && (
                        <span className="inline-flex items-center gap-1 pt-2 text-xs text-amber-800" data-testid="planner-row-waiting">
                          <Clock className="size-3.5 shrink-0" aria-hidden /> {t('offline.pending')}
                        </span>
                      )}
                    </>
                  )}
                </div>
                {state.failed && (
                  <p role="alert" className="mt-1 max-w-64 text-sm text-destructive">
                    {state.failed}
                  </p>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
