import { useTranslation } from 'react-i18next';
import { AlarmClock, Check, Circle, CircleDot, MessageSquareWarning, SkipForward } from 'lucide-react';
import type { ReviewDecisionRow, ReviewStageState, StageProgress } from '@promo/shared';
import { cn } from '@/lib/cn';
import { formatDateTime, formatDay } from '@/lib/format';

const ICONS = { done: Check, open: CircleDot, changes_requested: MessageSquareWarning, waiting: Circle, skipped: SkipForward } as const;
const DOT: Record<StageProgress, string> = {
  done: 'bg-green-600 text-white border-green-600',
  open: 'bg-background text-primary border-primary',
  changes_requested: 'bg-amber-100 text-amber-900 border-amber-500',
  waiting: 'bg-background text-muted-foreground border-border',
  skipped: 'bg-slate-100 text-slate-600 border-slate-400',
};

/** The overdue mark of a stage or a design. */
export function OverdueBadge({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span data-testid="review-overdue" className={cn('inline-flex w-fit items-center gap-1 rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-red-800', className)}>
      <AlarmClock className="size-3.5 shrink-0" aria-hidden="true" />
      {t('reviews.overdue')}
    </span>
  );
}

/** One decision in words: who approved or asked for changes (or for whom an admin did), or the skip. */
function Decision({ row }: { row: ReviewDecisionRow }) {
  const { t } = useTranslation();
  const reviewer = row.reviewer?.name ?? '';
  const by = row.decided_by?.name ?? '';
  const onBehalf = row.decision !== 'skip' && !!row.decided_by && row.decided_by.id !== row.reviewer?.id;
  const what =
    row.decision === 'skip'
      ? t('reviews.decision.skip', { by })
      : onBehalf
        ? t(row.decision === 'approve' ? 'reviews.decision.approve_for' : 'reviews.decision.changes_for', { reviewer, by })
        : t(`reviews.decision.${row.decision}`, { name: reviewer });
  return (
    <li className="grid gap-0.5 text-sm" data-testid="review-decision" data-decision={row.decision}>
      <span>
        <span className="font-medium">{what}</span> <span className="text-xs text-muted-foreground">{formatDateTime(row.create_date)}</span>
      </span>
      {row.comment && <span className="whitespace-pre-wrap break-words">{row.comment}</span>}
      {row.pins.length > 0 && <span className="text-xs text-muted-foreground">{t('reviews.decision.pins', { count: row.pins.length, numbers: row.pins.join(', ') })}</span>}
      {row.reason && (
        <span className="text-xs break-words text-muted-foreground">
          {t('reviews.reason')}: {row.reason}
        </span>
      )}
    </li>
  );
}

/** One stage of a version's way through the flow: its state, due day, decisions and who is still to decide. */
export function StageStep({ stage, last }: { stage: ReviewStageState; last: boolean }) {
  const { t } = useTranslation();
  const Icon = ICONS[stage.state];
  const current = stage.state === 'open' || stage.state === 'changes_requested';
  return (
    <li className="relative grid grid-cols-[1.75rem_minmax(0,1fr)] gap-x-3 pb-4 last:pb-0" data-testid="review-step" data-state={stage.state} aria-current={current ? 'step' : undefined}>
      {!last && <span aria-hidden="true" className="absolute top-7 bottom-0 left-[0.8125rem] w-0.5 bg-border" />}
      <span className={cn('z-10 flex size-7 items-center justify-center rounded-full border-2', DOT[stage.state])} aria-hidden="true">
        <Icon className="size-4" />
      </span>
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium">{stage.name}</span>
          <span className="text-xs text-muted-foreground">{t(`reviews.stage_states.${stage.state}`)}</span>
          {stage.overdue && <OverdueBadge />}
        </div>
        <p className="text-xs text-muted-foreground">
          {t(`reviews.rules.${stage.rule}`)}
          {stage.due_on ? ` · ${t('reviews.due_on', { date: formatDay(stage.due_on) })}` : ''}
        </p>
        {stage.decisions.length > 0 && <ul className="grid gap-2 pt-1">{stage.decisions.map((d) => <Decision key={d.id} row={d} />)}</ul>}
        {stage.pending.length > 0 && (
          <p className="text-sm" data-testid="review-pending">
            <span className="text-muted-foreground">{t('reviews.pending')}: </span>
            {stage.pending.map((p) => p.name).join(', ')}
          </p>
        )}
      </div>
    </li>
  );
}
