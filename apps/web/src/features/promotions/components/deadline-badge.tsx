import { useTranslation } from 'react-i18next';
import { AlarmClock, CalendarClock, CalendarCheck } from 'lucide-react';
import type { DeadlineState, PromotionDeadline } from '@promo/shared';
import { cn } from '@/lib/cn';
import { formatDay } from '@/lib/format';

const STYLES: Record<DeadlineState, string> = {
  overdue: 'bg-red-100 text-red-800',
  due_soon: 'bg-amber-100 text-amber-900',
  on_time: 'bg-slate-100 text-slate-700',
};
const ICONS = { overdue: AlarmClock, due_soon: CalendarClock, on_time: CalendarCheck } as const;

/** Whose deadline it is: a station reads only its own two, in its own words (issue 21). */
export type DeadlineAudience = 'station';

/**
 * A promotion's deadline (issue 15, decision 018): overdue, due soon (three days or fewer) or on
 * time, with its milestone and day. Nothing when there is no open milestone.
 */
export function DeadlineBadge({ deadline, audience, className }: { deadline: PromotionDeadline | null | undefined; audience?: DeadlineAudience; className?: string }) {
  const { t } = useTranslation();
  if (!deadline) return null;
  const Icon = ICONS[deadline.state];
  const state = t(`deadlines.states.${deadline.state}`);
  const milestone = audience === 'station' ? t(`deadlines.station_milestones.${deadline.milestone}`) : t(`deadlines.milestones.${deadline.milestone}`);
  const date = formatDay(deadline.due_on);
  return (
    <span
      data-testid="deadline-badge"
      data-state={deadline.state}
      data-milestone={deadline.milestone}
      title={t('deadlines.badge_label', { state, milestone, date })}
      className={cn('inline-flex w-fit items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', STYLES[deadline.state], className)}
    >
      <Icon className="size-3.5 shrink-0" aria-hidden="true" />
      <span>
        {state}
        <span className="font-normal">
          {' · '}
          {milestone} {date}
        </span>
      </span>
    </span>
  );
}
