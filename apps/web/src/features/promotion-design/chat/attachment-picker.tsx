import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Paperclip, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { ACCEPTED_EXTENSIONS, isAllowedAttachment } from './file-rules';
import { formatFileSize } from '@/lib/format';

/** The attach button; a file of another extension is refused with the 'File Error' toast. */
export function AttachButton({ onPick, disabled }: { onPick: (file: File) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        className="hidden"
        accept={ACCEPTED_EXTENSIONS}
        data-testid="chat-file-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          if (!isAllowedAttachment(file.name)) {
            toast({ variant: 'destructive', title: t('chat.file_error'), description: t('chat.invalid_file_extension') });
            return;
          }
          onPick(file);
        }}
      />
      <Button
        type="button"
        variant="ghost"
        size="icon"
        disabled={disabled}
        aria-label={t('chat.attach_file')}
        title={t('chat.attach_file')}
        onClick={() => input.current?.click()}
      >
        <Paperclip />
      </Button>
    </>
  );
}

/** The chosen file before sending, with a way to drop it. */
export function PickedFile({ file, onRemove, disabled }: { file: File; onRemove: () => void; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-w-0 items-center gap-2 rounded-md border border-border bg-background px-2 py-1 text-sm" data-testid="picked-file">
      <Paperclip className="size-4 shrink-0 text-muted-foreground" />
      <span className="truncate">{file.name}</span>
      <span className="shrink-0 text-xs text-muted-foreground">{formatFileSize(file.size)}</span>
      <Button type="button" variant="ghost" size="icon" className="size-6" disabled={disabled} aria-label={t('chat.remove_file')} onClick={onRemove}>
        <X />
      </Button>
    </div>
  );
}

export { UploadProgress } from '@/components/ui/upload-progress';
