import { useTranslation } from 'react-i18next';
import { Check, CircleAlert, Clock, Loader2, Lock } from 'lucide-react';
import type { PlannerSurface } from '@promo/shared';
import { Thumbnail } from '@/components/ui/image-viewer';
import { cn } from '@/lib/cn';
import { formatSurfaceSize } from '@/lib/format';
import { AmountField } from './amount-field';
import type { PlannerRowState } from './planner-table';

/** Saved, waiting to be sent, not saved, saving or refused: what a card says about its amount, in words and a colour. */
function CardState({ row, state }: { row: PlannerSurface; state: PlannerRowState }) {
  const { t } = useTranslation();
  if (row.locked) {
    return (
      <p className="flex items-start gap-1.5 text-sm text-muted-foreground" data-testid="planner-card-state" data-state="locked">
        <Lock className="mt-0.5 size-4 shrink-0" aria-hidden /> {t('company.planner.locked_hint')}
      </p>
    );
  }
  const [key, Icon, tone] = state.saving
    ? (['saving', Loader2, 'text-muted-foreground'] as const)
    : state.failed
      ? (['failed', CircleAlert, 'text-destructive'] as const)
      : state.changed
        ? (['not_saved', CircleAlert, 'text-amber-800'] as const)
        : state.waiting
          ? (['waiting', Clock, 'text-amber-800'] as const)
          : (['saved', Check, 'text-emerald-700'] as const);
  return (
    <p className={cn('flex items-center gap-1.5 text-sm', tone)} data-testid="planner-card-state" data-state={key}>
      <Icon className={cn('size-4 shrink-0', state.saving && 'animate-spin')} aria-hidden /> {state.failed ?? (key === 'waiting' ? t('offline.pending') : t(`company.planner.state.${key}`))}
    </p>
  );
}

/**
 * The planner on a phone (issue 21): one card per surface with its picture, name, type and size,
 * the amount with − / + steppers, and whether it is saved. The page's save bar saves them all.
 */
export function PlannerCards({
  rows,
  loading,
  rowState,
  onDraft,
  onRevert,
  onImage,
}: {
  rows: PlannerSurface[];
  loading: boolean;
  rowState: (row: PlannerSurface) => PlannerRowState;
  onDraft: (row: PlannerSurface, value: string) => void;
  onRevert: (row: PlannerSurface) => void;
  onImage: (src: string, row: PlannerSurface) => void;
}) {
  const { t } = useTranslation();
  if (!rows.length) return <p className="py-8 text-center text-muted-foreground">{loading ? t('common.load_data') : t('company.planner.empty')}</p>;
  return (
    <ul className="grid gap-3" data-testid="planner-cards">
      {rows.map((row) => {
        const state = rowState(row);
        return (
          <li
            key={row.id}
            className={cn('grid gap-3 rounded-lg border border-border bg-background p-3', state.changed && 'border-amber-400 bg-amber-50')}
            data-testid={`planner-card-${row.vendor_code}`}
            data-changed={state.changed || undefined}
          >
            <div className="flex gap-3">
              <div className="w-20 shrink-0">
                <Thumbnail urls={row.url_images} alt={row.name} onOpen={(src) => onImage(src, row)} />
              </div>
              <div className="grid min-w-0 content-start gap-0.5">
                <h2 className="font-medium break-words">{row.name}</h2>
                <p className="text-sm text-muted-foreground">
                  {[row.type_surface, row.size_surface && formatSurfaceSize(row.size_surface)].filter(Boolean).join(' · ')}
                </p>
                <p className="font-mono text-xs text-muted-foreground">{row.vendor_code}</p>
              </div>
            </div>
            <div className="flex flex-wrap items-end justify-between gap-2">
              <AmountField steppers label={row.name} value={state.draft} disabled={row.locked} onChange={(v) => onDraft(row, v)} onRevert={() => onRevert(row)} />
              <CardState row={row} state={state} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
