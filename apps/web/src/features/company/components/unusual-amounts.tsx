import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatCount } from '@/lib/format';

/*
 * A typo's guard (issue 33, decision 024): an amount far above the one the station last saved for
 * the surface (10 more than 1 is a slip of the finger, 1 000 000 for a poster is one too many
 * zeros) is asked about, with the numbers, before it is saved.
 */
const FACTOR = 10;
const MIN_STEP = 100;

/** More than 10 times the last saved amount and at least 100 above it (so 0 → 100 asks, 0 → 99 and 20 → 200 do not). */
export const isUnusualAmount = (amount: number, last: number) => amount > FACTOR * last && amount - last >= MIN_STEP;

export interface AmountToConfirm {
  surfaceId: number;
  surface: string;
  amount: number;
  last: number;
}

/** "Are you sure?" with each unusual amount and the one last saved; yes saves, anything else saves nothing. */
export function UnusualAmountsDialog({ items, onConfirm, onCancel }: { items: AmountToConfirm[]; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={items.length > 0}
      onOpenChange={(open) => !open && onCancel()}
      title={t('company.planner.unusual.title')}
      description={t('company.planner.unusual.description', { count: items.length })}
      confirmLabel={t('company.planner.unusual.confirm')}
      confirmVariant="default"
      onConfirm={onConfirm}
    >
      <ul className="grid gap-1 text-sm" data-testid="unusual-amounts">
        {items.map((item) => (
          <li key={item.surfaceId} className="tabular-nums">
            {t('company.planner.unusual.item', { surface: item.surface, amount: formatCount(item.amount), last: formatCount(item.last) })}
          </li>
        ))}
      </ul>
    </ConfirmDialog>
  );
}
