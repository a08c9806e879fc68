import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Pencil, SendHorizontal, TriangleAlert, X } from 'lucide-react';
import type { ChatFileType, ChatMessage } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { AttachButton, PickedFile, UploadProgress } from './attachment-picker';
import { FileTypePicker } from './file-type-picker';
import { replacedBy } from './file-rules';
import { FILE_TYPE_LABELS } from './labels';
import { ReplyPreview } from './reply-preview';

export interface ComposerProps {
  /** In edit mode the composer changes that message's text; else it writes a new one. */
  editing: ChatMessage | null;
  replyTo: ChatMessage | null;
  messages: ChatMessage[];
  designStatus: string;
  printFilesFixed: boolean;
  canChooseType: boolean;
  /** A designer on a design another designer holds: that designer's name (decision 004). */
  typesHeldBy: string | null;
  /** A designer on a design nobody holds: a file of a type makes it theirs. */
  takesDesign: boolean;
  busy: boolean;
  progress: number | null;
  onSend: (out: { text: string; file: File | null; typeFile: ChatFileType }) => void;
  onCancelEdit: () => void;
  onCancelReply: () => void;
}

/** Writes a message: text, one file and its type; Enter sends, Shift+Enter breaks the line. */
export function Composer({
  editing,
  replyTo,
  messages,
  designStatus,
  printFilesFixed,
  canChooseType,
  typesHeldBy,
  takesDesign,
  busy,
  progress,
  onSend,
  onCancelEdit,
  onCancelReply,
}: ComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(editing?.text ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [typeFile, setTypeFile] = useState<ChatFileType>('');
  const area = useRef<HTMLTextAreaElement>(null);
  const replaced = file ? replacedBy(messages, typeFile) : undefined;

  useEffect(() => {
    if (editing || replyTo) area.current?.focus();
  }, [editing, replyTo]);

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (busy) return;
    const trimmed = text.trim();
    if (editing ? !trimmed && !editing.url_file : !trimmed && !file) return;
    onSend({ text: trimmed, file: editing ? null : file, typeFile: editing ? '' : typeFile });
  };

  return (
    <form className="grid gap-2" onSubmit={submit} aria-label={t('chat.composer')} data-testid="chat-composer">
      {editing && (
        <div className="flex items-center justify-between gap-2 rounded-md bg-muted/60 px-3 py-1.5 text-xs font-medium" data-testid="edit-mode">
          <span className="flex items-center gap-1.5">
            <Pencil className="size-3.5" /> {t('chat.editing')}
          </span>
          <Button type="button" variant="ghost" size="icon" className="size-6" aria-label={t('chat.cancel_edit')} onClick={onCancelEdit}>
            <X />
          </Button>
        </div>
      )}
      {!editing && replyTo && <ReplyPreview message={replyTo} onCancel={onCancelReply} />}
      {file && (
        <div className="flex flex-wrap items-center gap-3">
          <PickedFile file={file} disabled={busy} onRemove={() => setFile(null)} />
          {canChooseType && <FileTypePicker value={typeFile} onChange={setTypeFile} designStatus={designStatus} printFilesFixed={printFilesFixed} />}
        </div>
      )}
      {file && typesHeldBy && (
        <p className="text-xs text-muted-foreground" data-testid="types-held-by">
          {t('chat.types_held_by', { name: typesHeldBy })}
        </p>
      )}
      {file && takesDesign && typeFile && (
        <p role="status" className="text-xs text-muted-foreground" data-testid="takes-design">
          {t('chat.takes_design')}
        </p>
      )}
      {replaced && (
        <p role="status" className="flex items-start gap-1.5 rounded-md border border-orange-300 bg-orange-50 px-2 py-1 text-xs text-orange-900" data-testid="replace-warning">
          <TriangleAlert className="size-4 shrink-0" />
          {t('chat.replace_warning', { type: t(FILE_TYPE_LABELS[typeFile]), name: replaced.file_name })}
        </p>
      )}
      {progress !== null && <UploadProgress fraction={progress} />}
      <div className="flex items-end gap-1">
        {!editing && <AttachButton disabled={busy} onPick={setFile} />}
        <textarea
          ref={area}
          rows={2}
          value={text}
          maxLength={10_000}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              submit();
            }
          }}
          placeholder={t('chat.placeholder')}
          aria-label={t('chat.message')}
          className="max-h-48 min-h-10 flex-1 resize-y rounded-md border border-border bg-background px-3 py-2 text-sm shadow-xs placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        />
        <Button type="submit" size="icon" disabled={busy} aria-label={editing ? t('common.save') : t('chat.send')} title={editing ? t('common.save') : t('chat.send')}>
          <SendHorizontal />
        </Button>
      </div>
    </form>
  );
}
