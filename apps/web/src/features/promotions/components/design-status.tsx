import { useTranslation } from 'react-i18next';
import type { PsdStatus } from '@promo/shared';
import { cn } from '@/lib/cn';

/** Completed is green; Approved and Brief orange (spec 001 §4). */
const COLOURS: Partial<Record<PsdStatus, string>> = {
  Completed: 'bg-green-100 text-green-800',
  Approved: 'bg-orange-100 text-orange-800',
  Brief: 'bg-orange-100 text-orange-800',
};

export function DesignStatus({ status }: { status: PsdStatus }) {
  const { t } = useTranslation();
  return (
    <span className={cn('rounded-full px-2 py-0.5 text-xs whitespace-nowrap', COLOURS[status] ?? 'bg-slate-100 text-slate-700')}>
      {t(`promotions.design_statuses.${status}`)}
    </span>
  );
}
