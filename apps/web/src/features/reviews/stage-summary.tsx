import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Milestone, ReviewStage } from '@promo/shared';
import { formatDay } from '@/lib/format';

/** "7 days before Designs complete", "On the day of Brief", "2 days after Printed". */
export function dueRule(t: TFunction, milestone: Milestone, offset: number) {
  const name = t(`deadlines.milestones.${milestone}`);
  if (offset === 0) return t('reviews.due.on', { milestone: name });
  return t(offset < 0 ? 'reviews.due.before' : 'reviews.due.after', { count: Math.abs(offset), milestone: name });
}

/** Who reviews a stage, in words: the roles, then the named people. */
export function reviewersText(t: TFunction, stage: Pick<ReviewStage, 'roles' | 'users'>) {
  return [...stage.roles.map((r) => t(`reviews.roles.${r}`)), ...stage.users.map((u) => u.name)].join(', ');
}

/** A stage as those who may not change the flow read it. */
export function StageSummary({ stage, index }: { stage: ReviewStage; index: number }) {
  const { t } = useTranslation();
  return (
    <li className="grid gap-1 rounded-md border border-border p-3" data-testid="review-stage">
      <h3 className="font-medium">
        <span className="mr-2 inline-flex size-6 items-center justify-center rounded-full bg-secondary text-xs">{index + 1}</span>
        {stage.name}
      </h3>
      <p className="text-sm">
        <span className="text-muted-foreground">{t('reviews.flow.reviewers')}: </span>
        {reviewersText(t, stage) || '–'} · {t(`reviews.rules.${stage.rule}`)}
      </p>
      <p className="text-sm text-muted-foreground">
        {dueRule(t, stage.due_milestone, stage.due_offset_days)}
        {stage.due_on ? ` · ${t('reviews.due_on', { date: formatDay(stage.due_on) })}` : ''}
      </p>
    </li>
  );
}
