import { useTranslation } from 'react-i18next';
import { Copy, Pencil, Reply, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';

interface Props {
  own: boolean;
  /** The sender's own message, unless it is a print file that must stay. */
  deletable: boolean;
  hasText: boolean;
  onReply: () => void;
  onCopy: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** The actions of a live message: reply and copy for all, edit and delete for the sender. */
export function MessageActions({ own, deletable, hasText, onReply, onCopy, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const icon = 'size-7 text-muted-foreground hover:text-foreground';
  return (
    <div className="flex items-center gap-0.5">
      <Button variant="ghost" size="icon" className={icon} aria-label={t('chat.reply')} title={t('chat.reply')} onClick={onReply}>
        <Reply />
      </Button>
      {hasText && (
        <Button variant="ghost" size="icon" className={icon} aria-label={t('chat.copy_text')} title={t('chat.copy_text')} onClick={onCopy}>
          <Copy />
        </Button>
      )}
      {own && (
        <>
          <Button variant="ghost" size="icon" className={icon} aria-label={t('common.edit')} title={t('common.edit')} onClick={onEdit}>
            <Pencil />
          </Button>
          {deletable && (
            <Button variant="ghost" size="icon" className={icon} aria-label={t('common.delete')} title={t('common.delete')} onClick={onDelete}>
              <Trash2 />
            </Button>
          )}
        </>
      )}
    </div>
  );
}
