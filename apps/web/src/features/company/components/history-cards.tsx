import { useTranslation } from 'react-i18next';
import { ArrowRight } from 'lucide-react';
import type { PlannerHistoryData } from '@promo/shared';
import { formatCount, formatDateTime } from '@/lib/format';

/** The planner history on a phone (issue 21): a card per change, its surface, old → new, when and who. */
export function HistoryCards({ rows, loading }: { rows: PlannerHistoryData['history']; loading: boolean }) {
  const { t } = useTranslation();
  if (!rows.length) return <p className="py-8 text-center text-muted-foreground">{loading ? t('common.load_data') : t('company.history.empty')}</p>;
  return (
    <ul className="grid gap-2" data-testid="history-cards">
      {rows.map((row) => (
        <li key={row.id} className="grid gap-1 rounded-lg border border-border p-3" data-testid={`history-card-${row.id}`}>
          <div className="flex items-start justify-between gap-3">
            <h2 className="min-w-0 font-medium break-words">{row.surface_name}</h2>
            {/* Read as words, shown as old → new: a paragraph may not be named by aria-label (axe's aria-prohibited-attr). */}
            <p className="flex shrink-0 items-center gap-1.5 font-mono tabular-nums">
              <span className="sr-only">{`${t('company.history.columns.old_value')} ${formatCount(row.old_value)}, ${t('company.history.columns.new_value')} ${formatCount(row.new_value)}`}</span>
              <span className="text-muted-foreground" aria-hidden>
                {formatCount(row.old_value)}
              </span>
              <ArrowRight className="size-4" aria-hidden />
              <span className="font-semibold" aria-hidden>
                {formatCount(row.new_value)}
              </span>
            </p>
          </div>
          <p className="text-sm text-muted-foreground">
            {formatDateTime(row.updated_at)} · {row.user_name || t('company.history.unknown_user')}
          </p>
        </li>
      ))}
    </ul>
  );
}
