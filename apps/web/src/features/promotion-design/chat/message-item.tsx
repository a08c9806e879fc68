import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '@promo/shared';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { MessageActions } from './message-actions';
import { isPinnable } from '../proofing/versions';
import { FILE_TYPE_LABELS } from './labels';
import { MessageAttachment } from './message-attachment';
import { RatingControl, RatingLabel } from './rating-control';
import { ReadReceipt } from './read-receipt';
import { ReplyQuote } from './reply-preview';

export interface MessageHandlers {
  onReply: (message: ChatMessage) => void;
  onEdit: (message: ChatMessage) => void;
  onDelete: (message: ChatMessage) => void;
  onCopy: (message: ChatMessage) => void;
  onRate: (message: ChatMessage, rating: number) => void;
  onOpenImage: (src: string, title: string) => void;
  /** Opens an image or a PDF in the review (pins, versions). */
  onReview: (message: ChatMessage) => void;
  /** The open pins on a message's file. */
  openPinsOf: (message: ChatMessage) => number;
  /** What a sketch's rating did, said under it when it did not decide (decision 040). */
  ratingNoticeOf: (message: ChatMessage) => ReactNode;
}

interface Props extends MessageHandlers {
  message: ChatMessage;
  /** The message this one answers, when it answers one. */
  quoted: ChatMessage | undefined;
  own: boolean;
  /** An HQ file the printers work from: the sender cannot remove it. */
  fixed: boolean;
  canRate: boolean;
  canSeeRating: boolean;
}

/** A file replaced by a newer version of its type (decision 030): which file it was, and the sender's text. */
function ReplacedFile({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-1" data-testid="message-replaced">
      <p className="text-muted-foreground italic">
        {t('chat.message_replaced')}
        {message.file_name && (
          <span className="not-italic">
            {' · '}
            {message.type_file && `${t(FILE_TYPE_LABELS[message.type_file])}: `}
            <span className="break-all">{message.file_name}</span>
          </span>
        )}
      </p>
      {message.text && (
        <p className="break-words whitespace-pre-wrap" data-testid="message-text">
          {message.text}
        </p>
      )}
    </div>
  );
}

/** A print file the signs' generate made: which template version and how many signs (issue 34). */
function GeneratedLabel({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  const generated = message.generated;
  if (!generated) return null;
  return (
    <p className="w-fit rounded border border-border bg-muted px-1.5 py-0.5 text-xs" data-testid="message-generated">
      {t('signs.generated_label', { version: generated.template_version, count: generated.signs })}
    </p>
  );
}

/** One message: sender and time, the quote, the file, the text, rating, receipt and actions. */
export function MessageItem({ message, quoted, own, fixed, canRate, canSeeRating, ...on }: Props) {
  const { t } = useTranslation();
  const removed = message.delete_message;
  const sketch = !removed && message.type_file === 'Sketch' && !!message.url_file;
  const reviewable = !removed && !!message.url_file && isPinnable(message);
  return (
    <li
      className={cn('flex', own ? 'justify-end' : 'justify-start')}
      data-message-id={message.message_id}
      data-testid="chat-message"
    >
      <article className={cn('grid max-w-[85%] gap-1 rounded-lg border px-3 py-2 text-sm shadow-xs', own ? 'border-primary/20 bg-primary/5' : 'border-border bg-background')}>
        <header className="flex flex-wrap items-baseline gap-x-2 text-xs text-muted-foreground">
          <span className="font-semibold text-foreground">{message.sender_name}</span>
          <time dateTime={message.create_date}>{formatDateTime(message.create_date)}</time>
          {message.update_message && !removed && <span className="italic">{t('chat.edited')}</span>}
        </header>
        {message.replaced ? (
          <ReplacedFile message={message} />
        ) : removed ? (
          <p className="text-muted-foreground italic">{t('chat.message_removed')}</p>
        ) : (
          <>
            {message.comment_mess_id !== null && <ReplyQuote message={quoted} />}
            <MessageAttachment
              message={message}
              onOpenImage={on.onOpenImage}
              review={reviewable ? { openPins: on.openPinsOf(message), onOpen: () => on.onReview(message) } : undefined}
            />
            <GeneratedLabel message={message} />
            {message.text && (
              <p className="break-words whitespace-pre-wrap" data-testid="message-text">
                {message.text}
              </p>
            )}
            {sketch && (canSeeRating || canRate) && (
              <div className="flex flex-wrap items-center gap-2">
                {canSeeRating && <RatingLabel rating={message.rating_file} />}
                {canRate && <RatingControl rating={message.rating_file} onRate={(r) => on.onRate(message, r)} />}
              </div>
            )}
            {sketch && on.ratingNoticeOf(message)}
          </>
        )}
        <footer className="flex items-center justify-end gap-1">
          {!removed && (
            <MessageActions
              own={own}
              deletable={own && !fixed}
              hasText={!!message.text}
              onReply={() => on.onReply(message)}
              onCopy={() => on.onCopy(message)}
              onEdit={() => on.onEdit(message)}
              onDelete={() => on.onDelete(message)}
            />
          )}
          {own && fixed && (
            <span className="text-xs text-muted-foreground" data-testid="print-file-fixed">
              {t('chat.print_file_fixed')}
            </span>
          )}
          {own && <ReadReceipt message={message} />}
        </footer>
      </article>
    </li>
  );
}
