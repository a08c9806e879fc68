import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, MessageSquareWarning, SkipForward, UserCheck } from 'lucide-react';
import type { FileReview, ReviewState } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { DecisionInput } from '../api';
import { DecisionDialog, type DecisionMode } from './decision-dialog';
import { StageStep } from './stage-step';

const STATE_STYLES: Record<ReviewState, string> = {
  open: 'bg-sky-100 text-sky-900',
  changes_requested: 'bg-amber-100 text-amber-900',
  approved: 'bg-green-100 text-green-800',
  replaced: 'bg-slate-100 text-slate-700',
};

const ACTION = 'max-sm:h-11 max-sm:w-full';

/**
 * One Sketch, HQ or LQ version on its way through the review flow: the stages as a vertical
 * stepper, and what the caller may do in the open stage (approve, request changes; an admin also
 * skip it or decide for one of its reviewers).
 */
export function ReviewCard({
  chatId,
  review,
  busy,
  onDecide,
  onSkip,
}: {
  chatId: number;
  review: FileReview;
  busy: boolean;
  onDecide: (input: DecisionInput) => Promise<unknown>;
  onSkip: (reason: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<DecisionMode | null>(null);
  const type = t(`reviews.types.${review.type_file}`);
  const actions = review.can_decide || review.can_override;

  return (
    <article className="grid gap-3 rounded-md border border-border p-3" data-testid="version-review" data-type={review.type_file} aria-label={`${type}: ${review.file_name}`}>
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{type}</p>
          <p className="truncate text-sm font-medium" title={review.file_name}>
            {review.file_name}
          </p>
        </div>
        <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', STATE_STYLES[review.state])} data-testid="file-review-state">
          {t(`reviews.states.${review.state}`)}
        </span>
      </header>
      {review.stages.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('reviews.no_stages')}</p>
      ) : (
        <ol aria-label={t('reviews.stages')}>
          {review.stages.map((s, i) => (
            <StageStep key={s.id} stage={s} last={i === review.stages.length - 1} />
          ))}
        </ol>
      )}
      {review.approved_by_me && (
        <p className="text-sm text-green-800" data-testid="approved-by-me">
          {t('reviews.approved_by_me')}
        </p>
      )}
      {actions && (
        <div className="flex flex-wrap gap-2 max-sm:grid max-sm:grid-cols-1">
          {review.can_decide && !review.approved_by_me && (
            <Button className={ACTION} disabled={busy} onClick={() => void onDecide({ chatId, messageId: review.message_id, decision: 'approve' }).catch(() => {})}>
              <Check /> {t('reviews.approve')}
            </Button>
          )}
          {review.can_decide && (
            <Button variant="outline" className={ACTION} disabled={busy} onClick={() => setMode('changes')}>
              <MessageSquareWarning /> {t('reviews.request_changes')}
            </Button>
          )}
          {review.can_override && (
            <>
              <Button variant="outline" className={ACTION} disabled={busy || review.reviewers.length === 0} onClick={() => setMode('for')}>
                <UserCheck /> {t('reviews.decide_for.button')}
              </Button>
              <Button variant="ghost" className={ACTION} disabled={busy} onClick={() => setMode('skip')}>
                <SkipForward /> {t('reviews.skip.button')}
              </Button>
            </>
          )}
        </div>
      )}
      <DecisionDialog chatId={chatId} review={review} mode={mode} busy={busy} onClose={() => setMode(null)} onDecide={onDecide} onSkip={onSkip} />
    </article>
  );
}
