import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Pencil, Trash2 } from 'lucide-react';
import { cn } from '@/lib/cn';
import { Button } from './button';

/** The edit and delete buttons at the end of a row, after any extra buttons. */
export function RowActions({
  onEdit,
  onDelete,
  compact,
  children,
}: {
  onEdit?: () => void;
  onDelete?: () => void;
  /** Smaller buttons for wide tables. */
  compact?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const size = compact ? 'size-8' : undefined;
  return (
    <div className="flex justify-end gap-1">
      {children}
      {onEdit && (
        <Button variant="ghost" size="icon" className={size} title={t('common.edit')} aria-label={t('common.edit')} onClick={onEdit}>
          <Pencil />
        </Button>
      )}
      {onDelete && (
        <Button variant="ghost" size="icon" className={cn(size)} title={t('common.delete')} aria-label={t('common.delete')} onClick={onDelete}>
          <Trash2 className="text-destructive" />
        </Button>
      )}
    </div>
  );
}
