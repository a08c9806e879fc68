import { useTranslation } from 'react-i18next';
import { Save } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * The phone planner's one save button, pinned to the bottom of the screen (issue 21), above the
 * offline status when that shows: it saves every changed card, and says how many wait and whether
 * a field must be put right first. The page leaves room for it below its last card.
 */
export function PlannerSaveBar({ changed, invalid, saving, onSave }: { changed: number; invalid: number; saving: boolean; onSave: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      className="fixed inset-x-0 bottom-[var(--offline-status-height,0px)] z-20 flex items-center gap-3 border-t border-border bg-background/95 px-4 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-2px_8px_rgba(0,0,0,0.06)] backdrop-blur"
      data-testid="planner-save-bar"
    >
      <p className="min-w-0 flex-1 text-sm" aria-live="polite">
        {invalid > 0 ? t('company.planner.fix_fields', { count: invalid }) : changed > 0 ? t('company.planner.unsaved', { count: changed }) : t('company.planner.all_saved')}
      </p>
      <Button className="h-11 px-5" disabled={!changed || invalid > 0 || saving} onClick={onSave}>
        <Save /> {changed > 0 ? t('company.planner.save_all', { count: changed }) : t('common.save')}
      </Button>
    </div>
  );
}
