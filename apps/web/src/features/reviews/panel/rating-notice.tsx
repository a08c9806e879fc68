import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Info, UserCheck, X } from 'lucide-react';
import type { FileReview } from '@promo/shared';
import { Button } from '@/components/ui/button';

/**
 * Said under a sketch whose rating did not decide (decision 040): the rater does not review the
 * stage it waits in, so only the mark changed. An admin is offered to decide for one of the stage's
 * reviewers, in the panel's dialog.
 */
export function RatingNotice({
  stage,
  review,
  onDecideFor,
  onClose,
}: {
  stage: string;
  review: FileReview | undefined;
  onDecideFor: (reviewerId: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const reviewers = review?.can_override ? review.reviewers : [];
  // It opens under the rating, which may be the chat's last lines: shown whole, with its buttons.
  useEffect(() => box.current?.scrollIntoView?.({ block: 'nearest' }), []);
  return (
    <div ref={box} role="status" className="grid gap-1.5 rounded-md border border-sky-300 bg-sky-50 px-2 py-1.5 text-xs text-sky-950" data-testid="rating-notice">
      <div className="flex items-start gap-2">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <p className="min-w-0 flex-1">{t('chat.rating_not_decided', { stage })}</p>
        <button type="button" className="-m-1 grid size-8 shrink-0 cursor-pointer place-items-center rounded hover:bg-sky-100 max-sm:size-11" aria-label={t('common.close')} onClick={onClose}>
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
      {reviewers.length > 0 && (
        <div className="flex flex-wrap gap-1 max-sm:grid max-sm:grid-cols-1">
          {reviewers.map((r) => (
            <Button
              key={r.id}
              size="sm"
              variant="outline"
              className="h-auto min-h-8 bg-background py-1 text-left whitespace-normal max-sm:min-h-11 max-sm:w-full max-sm:justify-start"
              onClick={() => onDecideFor(r.id)}
            >
              <UserCheck /> {t('reviews.decide_for.for_name', { name: r.name })}
            </Button>
          ))}
        </div>
      )}
    </div>
  );
}
