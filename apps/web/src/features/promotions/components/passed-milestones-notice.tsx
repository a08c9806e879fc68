import { useTranslation } from 'react-i18next';
import { CalendarX, X } from 'lucide-react';
import type { PassedMilestone } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { formatDay } from '@/lib/format';

/**
 * Said once, right after a promotion is created inside its milestones (decision 031): which days had
 * already passed. They get no overdue badge; the notice goes when closed or when the page is left.
 */
export function PassedMilestonesNotice({ passed, onClose }: { passed: PassedMilestone[]; onClose: () => void }) {
  const { t } = useTranslation();
  if (!passed.length) return null;
  return (
    <div role="status" data-testid="passed-milestones" className="flex items-start gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <CalendarX className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="grid flex-1 gap-1">
        <p className="font-medium">{t('deadlines.passed_at_creation.title', { count: passed.length })}</p>
        <ul className="list-disc pl-5">
          {passed.map((m) => (
            <li key={m.milestone}>
              {t(`deadlines.milestones.${m.milestone}`)} · {formatDay(m.due_on)}
            </li>
          ))}
        </ul>
        <p>{t('deadlines.passed_at_creation.text')}</p>
      </div>
      <Button type="button" variant="ghost" size="icon" className="-m-1 shrink-0" aria-label={t('common.close')} onClick={onClose}>
        <X />
      </Button>
    </div>
  );
}
