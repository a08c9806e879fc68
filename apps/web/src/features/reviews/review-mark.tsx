import { useTranslation } from 'react-i18next';
import { ListChecks } from 'lucide-react';
import type { DesignReviewMark } from '@promo/shared';
import { formatDay } from '@/lib/format';
import { OverdueBadge } from './panel/stage-step';

/** Where a design's newest version waits in the review flow, for the lists; nothing when none waits. */
export function ReviewMark({ mark }: { mark: DesignReviewMark | null | undefined }) {
  const { t } = useTranslation();
  if (!mark) return null;
  const type = t(`reviews.types.${mark.type_file}`);
  const label = t('reviews.mark.label', { type, stage: mark.stage });
  const title = mark.due_on ? `${label} · ${t('reviews.due_on', { date: formatDay(mark.due_on) })}` : label;
  return (
    <span className="inline-flex flex-wrap items-center gap-1" data-testid="review-mark" data-overdue={mark.overdue || undefined}>
      <span title={title} className="inline-flex w-fit max-w-48 items-center gap-1 rounded-full bg-sky-100 px-2 py-0.5 text-xs font-medium text-sky-900">
        <ListChecks className="size-3.5 shrink-0" aria-hidden="true" />
        <span className="truncate">{label}</span>
      </span>
      {mark.overdue && <OverdueBadge />}
    </span>
  );
}
